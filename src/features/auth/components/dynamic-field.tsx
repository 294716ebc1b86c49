import { useLingui } from '@lingui/react/macro';
import { CheckboxChoice } from '../../../components/ui/checkbox-choice';
import { Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import type { FormFieldDto } from '../../../lib/shared/accounts';
import type { FormValue } from '../../../lib/shared/form-validation';

interface DynamicFieldProps {
  field: FormFieldDto;
  value: FormValue;
  files?: File[];
  error?: string | undefined;
  locked?: boolean;
  onChange: (value: FormValue) => void;
  onFiles?: (files: File[]) => void;
}

const TEXT_LIKE = new Set(['text', 'email', 'number', 'tel', 'date', 'time', 'datetime-local']);

/** One field of a server-described form: every field type of product §3. */
export function DynamicField({ field, value, files, error, locked = false, onChange, onFiles }: DynamicFieldProps) {
  const { t } = useLingui();
  const required = field.rules.some((rule) => rule.kind === 'required');
  const text = typeof value === 'string' ? value : '';
  if (field.type === 'hidden') return <input type="hidden" name={field.name} value={text} />;

  if (field.type === 'checkbox') {
    // A consent box carries its legal text as help: read with the box, before ticking it.
    const helpId = field.help ? `${field.name}-help` : undefined;
    return (
      <div className={error ? 'field field--invalid' : 'field'}>
        <CheckboxChoice
          name={field.name}
          checked={value === true}
          disabled={locked}
          onCheckedChange={onChange}
          aria-invalid={Boolean(error)}
          aria-describedby={helpId}
          label={
            <>
              {field.label}
              {required && <span className="field__required">{' *'}</span>}
            </>
          }
        />
        {field.help && (
          <p className="field__help consent-text" id={helpId}>
            {field.help}
          </p>
        )}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  }

  if (field.type === 'radio') {
    return (
      <fieldset className={error ? 'field field--invalid' : 'field'}>
        <legend className="field__label">
          {field.label}
          {required && <span className="field__required">{' *'}</span>}
        </legend>
        {field.options?.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              name={field.name}
              value={option.value}
              checked={text === option.value}
              disabled={locked}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </fieldset>
    );
  }

  return (
    <Field label={field.label} required={required} error={error} help={field.help}>
      {({ id, describedBy, invalid }) => {
        const common = {
          id,
          name: field.name,
          'aria-describedby': describedBy,
          'aria-invalid': invalid,
          'aria-required': required,
          disabled: locked,
        };
        if (field.type === 'password') {
          return (
            <PasswordInput
              {...common}
              autoComplete="new-password"
              value={text}
              onChange={(event) => onChange(event.target.value)}
            />
          );
        }
        if (field.type === 'textarea') {
          return (
            <textarea
              {...common}
              className="textarea"
              placeholder={field.placeholder}
              value={text}
              onChange={(event) => onChange(event.target.value)}
            />
          );
        }
        if (field.type === 'select') {
          return (
            <select {...common} className="select" value={text} onChange={(event) => onChange(event.target.value)}>
              <option value="">{t`Selecciona una opción`}</option>
              {field.options?.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          );
        }
        if (field.type === 'file') {
          return (
            <>
              <input
                {...common}
                type="file"
                className="input"
                multiple
                accept={field.accept?.join(',')}
                onChange={(event) => onFiles?.(Array.from(event.target.files ?? []))}
              />
              {files && files.length > 0 && (
                <ul className="file-list">
                  {files.map((file) => (
                    <li key={`${file.name}-${file.size}`}>{file.name}</li>
                  ))}
                </ul>
              )}
            </>
          );
        }
        return (
          <input
            {...common}
            type={TEXT_LIKE.has(field.type) ? field.type : 'text'}
            className="input"
            placeholder={field.placeholder}
            value={text}
            onChange={(event) => onChange(event.target.value)}
          />
        );
      }}
    </Field>
  );
}
