import { describe, expect, it } from 'vitest';
import { emailLoginSchema } from './login-schemas';
import { EMAIL_FORMAT_MESSAGE } from './passwords';
import { schemaProblems } from '../../testing/schema-problems';

describe('sign-in', () => {
  it('keeps the password as typed, spaces included', () => {
    expect(emailLoginSchema.parse({ email: ' ana@correo.co ', password: ' clave 1 ' })).toEqual({
      email: 'ana@correo.co',
      password: ' clave 1 ',
    });
    expect(schemaProblems(emailLoginSchema, { email: '', password: '' })).toEqual([
      ['email', 'Campo obligatorio'],
      ['password', 'Campo obligatorio'],
    ]);
  });

  it('judges the e-mail by the one rule, in lower case, and only the presence of the password', () => {
    expect(emailLoginSchema.parse({ email: ' Ana@Correo.CO ', password: 'x' })).toEqual({
      email: 'ana@correo.co',
      password: 'x',
    });
    for (const email of ['ana@correo', 'ana@correo.c', 'ana correo@x.co']) {
      expect(schemaProblems(emailLoginSchema, { email, password: 'x' }), email).toEqual([
        ['email', EMAIL_FORMAT_MESSAGE],
      ]);
    }
  });
});
