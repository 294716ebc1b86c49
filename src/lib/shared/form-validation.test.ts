import { describe, expect, it } from 'vitest';
import type { FormFieldDto } from './accounts';
import { validateForm } from './form-validation';

const field = (overrides: Partial<FormFieldDto>): FormFieldDto => ({
  name: 'campo',
  type: 'text',
  label: 'Campo',
  step: 1,
  rules: [],
  ...overrides,
});

async function messages(fields: FormFieldDto[], values: Record<string, string | boolean>) {
  return (await validateForm({ fields }, values)).map((error) => `${error.field}: ${error.message}`);
}

describe('form rules (product §3: the nine kinds)', () => {
  it('required, with the spec message', async () => {
    const fields = [field({ rules: [{ kind: 'required', message: 'Campo obligatorio' }] })];
    expect(await messages(fields, { campo: '  ' })).toEqual(['campo: Campo obligatorio']);
    expect(await messages(fields, { campo: 'x' })).toEqual([]);
  });

  it('required on a checkbox means checked', async () => {
    const fields = [field({ type: 'checkbox', rules: [{ kind: 'required', message: 'Acepta' }] })];
    expect(await messages(fields, { campo: false })).toEqual(['campo: Acepta']);
    expect(await messages(fields, { campo: true })).toEqual([]);
  });

  it('email, minLength, maxLength and pattern', async () => {
    const fields = [
      field({ name: 'correo', rules: [{ kind: 'email', message: 'correo' }] }),
      field({ name: 'corto', rules: [{ kind: 'minLength', value: 8, message: 'min' }] }),
      field({ name: 'largo', rules: [{ kind: 'maxLength', value: 3, message: 'max' }] }),
      field({ name: 'doc', rules: [{ kind: 'pattern', value: '[0-9]{5,20}', message: 'patrón' }] }),
    ];
    expect(await messages(fields, { correo: 'a@b', corto: 'abc', largo: 'abcd', doc: '12a45' })).toEqual([
      'correo: correo',
      'corto: min',
      'largo: max',
      'doc: patrón',
    ]);
    expect(await messages(fields, { correo: 'a@b.co', corto: 'abcdefgh', largo: 'abc', doc: '123456' })).toEqual([]);
  });

  it('min and max on numbers and dates, with today as a bound', async () => {
    const fields = [
      field({
        name: 'anios',
        type: 'number',
        rules: [
          { kind: 'min', value: 0, message: 'min' },
          { kind: 'max', value: 70, message: 'max' },
        ],
      }),
      field({ name: 'nacimiento', type: 'date', rules: [{ kind: 'max', value: 'today', message: 'futuro' }] }),
    ];
    expect(await messages(fields, { anios: '71', nacimiento: '2999-01-01' })).toEqual([
      'anios: max',
      'nacimiento: futuro',
    ]);
    expect(await messages(fields, { anios: '-1', nacimiento: '1990-05-01' })).toEqual(['anios: min']);
  });

  it('equalTo compares with another field', async () => {
    const fields = [
      field({ name: 'confirmacion', rules: [{ kind: 'equalTo', value: 'clave', message: 'no coincide' }] }),
    ];
    expect(await messages(fields, { clave: 'Abc12345', confirmacion: 'Abc1234' })).toEqual([
      'confirmacion: no coincide',
    ]);
  });

  it('custom rules run only where a check is given', async () => {
    const fields = [
      field({ name: 'correo', rules: [{ kind: 'custom', value: 'emailAvailable', message: 'ya existe' }] }),
    ];
    expect(await validateForm({ fields }, { correo: 'a@b.co' })).toEqual([]);
    const taken = await validateForm(
      { fields },
      { correo: 'a@b.co' },
      { customChecks: { emailAvailable: () => false } },
    );
    expect(taken).toEqual([{ field: 'correo', message: 'ya existe' }]);
  });

  it('validates one step at a time and reports the first broken rule of each field', async () => {
    const fields = [
      field({
        name: 'a',
        step: 1,
        rules: [
          { kind: 'required', message: 'req' },
          { kind: 'minLength', value: 3, message: 'min' },
        ],
      }),
      field({ name: 'b', step: 2, rules: [{ kind: 'required', message: 'req' }] }),
    ];
    expect(await validateForm({ fields }, {}, { step: 1 })).toEqual([{ field: 'a', message: 'req' }]);
  });
});
