import { describe, expect, it } from 'vitest';
import { BIRTH_DATE_MESSAGE, DIAL_CODE_MESSAGE, PHONE_DIGITS_MESSAGE } from '../../lib/shared/account-schemas';
import { profileProblems } from './profile-form';

const CHANGES = {
  first_name: 'Carolina',
  last_name: 'Mejía',
  birth_date: '1985-04-12',
  gender: 'femenino',
  phone_number: '300 123 4567',
  country_code: '+57',
  specialty: null,
  professional_license_number: null,
};

describe('profileProblems', () => {
  it('passes what the server keeps, emptied fields included', () => {
    expect(profileProblems(CHANGES)).toEqual({});
    expect(profileProblems({ ...CHANGES, birth_date: null, gender: null, phone_number: null })).toEqual({});
  });

  it('says at each field what the server would refuse', () => {
    const problems = profileProblems({
      ...CHANGES,
      first_name: ' ',
      birth_date: '2023-02-30',
      phone_number: '12',
      country_code: '57',
    });
    expect(Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, message.message]))).toEqual({
      first_name: 'Campo obligatorio',
      birth_date: BIRTH_DATE_MESSAGE,
      phone_number: PHONE_DIGITS_MESSAGE,
      country_code: DIAL_CODE_MESSAGE,
    });
  });
});
