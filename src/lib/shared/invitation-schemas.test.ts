import { describe, expect, it } from 'vitest';
import { INVITATION_CONTACT_MESSAGE, invitationInputSchema } from './invitation-schemas';
import { schemaProblems } from '../../testing/schema-problems';

const problems = (body: unknown) => schemaProblems(invitationInputSchema, body);

describe('invitationInputSchema', () => {
  it('stores the e-mail and the document normalised, names when given', () => {
    expect(invitationInputSchema.parse({ email: ' Ana@Prueba.TEST ', documentNumber: '12.345.678-9' })).toEqual({
      email: 'ana@prueba.test',
      documentNumber: '123456789',
      firstName: null,
      lastName: null,
    });
    expect(invitationInputSchema.parse({ documentNumber: 'ab12345', firstName: ' Ana ' })).toMatchObject({
      email: null,
      firstName: 'Ana',
    });
  });

  it('needs an e-mail or a document, valid ones, in Spanish', () => {
    expect(problems({ firstName: 'Ana' })).toEqual([['', INVITATION_CONTACT_MESSAGE]]);
    expect(problems({ email: 'x@', documentNumber: '...' })).toEqual([
      ['email', 'Escribe un correo electrónico válido.'],
      ['documentNumber', 'El documento debe tener entre 5 y 20 letras o números.'],
    ]);
    expect(problems({ email: 'a@b.co', lastName: 'x'.repeat(81) })).toEqual([['lastName', 'Máximo 80 caracteres.']]);
    // The one e-mail rule of the forms and the checkout: a one-letter top-level domain is no address.
    expect(problems({ email: 'a@b.c' })).toEqual([['email', 'Escribe un correo electrónico válido.']]);
  });
});
