import type { FormErrorDto, FormFieldDto, FormSchemaDto } from './accounts';
import { EMAIL_PATTERN } from './email';

export type FormValue = string | boolean | undefined;
export type FormValues = Record<string, FormValue>;

/** Checks that only the server can make (availability of an e-mail, an invitation): async and named. */
export type CustomCheck = (value: FormValue, values: FormValues, field: FormFieldDto) => Promise<boolean> | boolean;

function isEmpty(value: FormValue): boolean {
  return value === undefined || value === false || (typeof value === 'string' && value.trim() === '');
}

/**
 * The nine rule kinds of product §3, applied the same way by the storefront (as the user types) and the server
 * (before it creates anything). Custom rules run only where a check of that name is given.
 */
export async function validateForm(
  schema: Pick<FormSchemaDto, 'fields'>,
  values: FormValues,
  options: { step?: number; customChecks?: Record<string, CustomCheck> } = {},
): Promise<FormErrorDto[]> {
  const errors: FormErrorDto[] = [];
  for (const field of schema.fields) {
    if (options.step !== undefined && field.step !== options.step) continue;
    const value = values[field.name];
    for (const rule of field.rules) {
      const failed = await breaks(rule.kind, rule.value, value, values, field, options.customChecks);
      if (failed) {
        errors.push({ field: field.name, message: rule.message });
        break;
      }
    }
  }
  return errors;
}

async function breaks(
  kind: FormFieldDto['rules'][number]['kind'],
  ruleValue: string | number | undefined,
  value: FormValue,
  values: FormValues,
  field: FormFieldDto,
  customChecks: Record<string, CustomCheck> | undefined,
): Promise<boolean> {
  if (kind === 'required') return isEmpty(value);
  // Every other rule judges only what was filled in; emptiness is `required`'s business.
  if (isEmpty(value)) return false;
  const text = typeof value === 'string' ? value.trim() : String(value);
  switch (kind) {
    case 'email':
      return !EMAIL_PATTERN.test(text);
    case 'minLength':
      return text.length < Number(ruleValue);
    case 'maxLength':
      return text.length > Number(ruleValue);
    case 'pattern':
      return !new RegExp(`^(?:${String(ruleValue)})$`, 'u').test(text);
    case 'min':
      return compare(field, text, String(ruleValue)) < 0;
    case 'max':
      return compare(field, text, String(ruleValue)) > 0;
    case 'equalTo':
      return value !== values[String(ruleValue)];
    case 'custom': {
      const check = customChecks?.[String(ruleValue)];
      return check ? !(await check(value, values, field)) : false;
    }
  }
}

/** Numbers compare as numbers; dates and times as ISO strings, where `today` stands for the current date. */
function compare(field: FormFieldDto, value: string, bound: string): number {
  if (field.type === 'number') return Number(value) - Number(bound);
  const limit = bound === 'today' ? new Date().toISOString().slice(0, 10) : bound;
  return value < limit ? -1 : value > limit ? 1 : 0;
}
