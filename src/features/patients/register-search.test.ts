import { describe, expect, it } from 'vitest';
import { buildPatient } from '../../testing/handlers/prescriptions';
import { searchRegister } from './register-search';

const register = {
  patients: [
    buildPatient({ id: 3, first_name: 'Mariana', last_name: 'Gómez', email: 'mariana@correo.test' }),
    buildPatient({ id: 1, first_name: 'Álvaro', last_name: 'Núñez', email: 'alvaro@correo.test' }),
    buildPatient({ id: 2, first_name: 'Julián', last_name: 'Gómez', email: 'jgomez@clinica.test' }),
  ],
  total: 3,
};
const names = (answer: ReturnType<typeof searchRegister>) => answer.data.map((patient) => patient.first_name);

describe('searchRegister', () => {
  it('lists the register by name, a page at a time', () => {
    expect(names(searchRegister(register, '', 1))).toEqual(['Álvaro', 'Julián', 'Mariana']);
    const second = searchRegister(register, '', 2, 2);
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(names(second)).toEqual(['Mariana']);
  });

  it('finds every word in the name or e-mail, in any order, without accents or case', () => {
    expect(names(searchRegister(register, 'GOMEZ', 1))).toEqual(['Julián', 'Mariana']);
    expect(names(searchRegister(register, 'gomez julian', 1))).toEqual(['Julián']);
    expect(names(searchRegister(register, 'clinica', 1))).toEqual(['Julián']);
    expect(names(searchRegister(register, 'núñez', 1))).toEqual(['Álvaro']);
    expect(searchRegister(register, 'nadie', 1)).toMatchObject({ data: [], total: 0 });
  });
});
