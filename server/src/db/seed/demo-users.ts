import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../../../src/lib/shared/countries';
import type { UserRole } from '../schema';

/** One password for every demo account, printed at start and listed in the README. */
export const DEMO_PASSWORD = 'Demo1234!';

interface DemoUser {
  email: string;
  role: UserRole;
  approvalStatus: 'approved' | 'pending';
  firstName: string;
  lastName: string;
  documentNumber: string;
  phoneNumber: string;
  countryId: number;
  specialty: string | null;
  professionalLicenseNumber: string | null;
  /** E-mail of the professional who invited this patient. */
  invitedBy: string | null;
  description: string;
}

interface CountryPeople {
  /** With seven more digits, a valid mobile of the country's numbering plan (Peru's have nine digits). */
  phonePrefix: string;
  documentBase: number;
  /** First name and last names of each of `COUNTRY_ACCOUNTS`, in its order. */
  names: [string, string, string, string];
}

const PEOPLE: Record<CountryCode, CountryPeople> = {
  co: {
    phonePrefix: '310',
    documentBase: 52_345_670,
    names: ['Carolina Mejía Duarte', 'Andrés Salazar Rojas', 'Jorge Paredes Gil', 'Mariana Gómez Ortiz'],
  },
  mx: {
    phonePrefix: '551',
    documentBase: 61_345_670,
    names: ['Alejandra Fuentes Ríos', 'Diego Villarreal Soto', 'Ricardo Ibarra León', 'Fernanda Castañeda Ruiz'],
  },
  pe: {
    phonePrefix: '98',
    documentBase: 71_345_670,
    names: ['Lucía Quispe Vargas', 'Martín Huamán Torres', 'Rosa Mendoza Chávez', 'Camila Flores Paredes'],
  },
};

interface AccountKind {
  /** The e-mail's local part, before `.<country>@demo.test`. */
  mailbox: string;
  role: UserRole;
  pending?: true;
  specialty?: string;
  /** The professional licence number is this prefix and the document number. */
  licensePrefix?: string;
  /** The patient is invited by the country's approved doctor, the first account. */
  invitedByDoctor?: true;
  description: string;
}

/** The accounts every country has, in the order they are seeded: their document and phone numbers end in 1 to 4. */
const COUNTRY_ACCOUNTS: AccountKind[] = [
  {
    mailbox: 'medico',
    role: 'doctor',
    specialty: 'Medicina funcional',
    licensePrefix: 'RM',
    description: 'médico aprobado',
  },
  {
    mailbox: 'profesional',
    role: 'health_professional',
    specialty: 'Nutrición clínica',
    licensePrefix: 'TP',
    description: 'profesional de la salud aprobado',
  },
  {
    mailbox: 'pendiente',
    role: 'doctor',
    pending: true,
    specialty: 'Endocrinología',
    licensePrefix: 'RM',
    description: 'médico pendiente de aprobación',
  },
  { mailbox: 'paciente', role: 'patient', invitedByDoctor: true, description: 'paciente invitada por' },
];

function countryUsers(country: CountryCode): DemoUser[] {
  const people = PEOPLE[country];
  const { countryId, name } = COUNTRIES[country];
  const doctor = `medico.${country}`;
  return COUNTRY_ACCOUNTS.map((kind, index) => {
    const [firstName = '', ...lastNames] = people.names[index]?.split(' ') ?? [];
    const documentNumber = people.documentBase + index + 1;
    return {
      email: `${kind.mailbox}.${country}@demo.test`,
      role: kind.role,
      approvalStatus: kind.pending ? 'pending' : 'approved',
      firstName,
      lastName: lastNames.join(' '),
      documentNumber: String(documentNumber),
      phoneNumber: `${people.phonePrefix}100000${index + 1}`,
      countryId,
      specialty: kind.specialty ?? null,
      professionalLicenseNumber: kind.licensePrefix ? `${kind.licensePrefix}-${documentNumber}` : null,
      invitedBy: kind.invitedByDoctor ? `${doctor}@demo.test` : null,
      description: kind.invitedByDoctor ? `${kind.description} ${doctor}, ${name}` : `${kind.description}, ${name}`,
    };
  });
}

/** Seeded in development and tests only; `NODE_ENV=production` starts with no accounts but the ones created. */
export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@demo.test',
    role: 'admin',
    approvalStatus: 'approved',
    firstName: 'Laura',
    lastName: 'Restrepo',
    documentNumber: '1020304050',
    phoneNumber: '3001234567',
    countryId: 1,
    specialty: null,
    professionalLicenseNumber: null,
    invitedBy: null,
    description: 'administración',
  },
  ...COUNTRY_CODES.flatMap(countryUsers),
];
