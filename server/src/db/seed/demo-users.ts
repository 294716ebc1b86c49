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
  doctor: [string, string];
  professional: [string, string];
  pending: [string, string];
  patient: [string, string];
  /** With seven more digits, a valid mobile of the country's numbering plan (Peru's have nine digits). */
  phonePrefix: string;
  documentBase: number;
}

const PEOPLE: Record<CountryCode, CountryPeople> = {
  co: {
    doctor: ['Carolina', 'Mejía Duarte'],
    professional: ['Andrés', 'Salazar Rojas'],
    pending: ['Jorge', 'Paredes Gil'],
    patient: ['Mariana', 'Gómez Ortiz'],
    phonePrefix: '310',
    documentBase: 52_345_670,
  },
  mx: {
    doctor: ['Alejandra', 'Fuentes Ríos'],
    professional: ['Diego', 'Villarreal Soto'],
    pending: ['Ricardo', 'Ibarra León'],
    patient: ['Fernanda', 'Castañeda Ruiz'],
    phonePrefix: '551',
    documentBase: 61_345_670,
  },
  pe: {
    doctor: ['Lucía', 'Quispe Vargas'],
    professional: ['Martín', 'Huamán Torres'],
    pending: ['Rosa', 'Mendoza Chávez'],
    patient: ['Camila', 'Flores Paredes'],
    phonePrefix: '98',
    documentBase: 71_345_670,
  },
};

function countryUsers(country: CountryCode): DemoUser[] {
  const people = PEOPLE[country];
  const { countryId, name } = COUNTRIES[country];
  const base = {
    countryId,
    approvalStatus: 'approved' as const,
    invitedBy: null,
    specialty: null,
    professionalLicenseNumber: null,
  };
  const doctorEmail = `medico.${country}@demo.test`;
  return [
    {
      ...base,
      email: doctorEmail,
      role: 'doctor',
      firstName: people.doctor[0],
      lastName: people.doctor[1],
      documentNumber: String(people.documentBase + 1),
      phoneNumber: `${people.phonePrefix}1000001`,
      specialty: 'Medicina funcional',
      professionalLicenseNumber: `RM-${people.documentBase + 1}`,
      description: `médico aprobado, ${name}`,
    },
    {
      ...base,
      email: `profesional.${country}@demo.test`,
      role: 'health_professional',
      firstName: people.professional[0],
      lastName: people.professional[1],
      documentNumber: String(people.documentBase + 2),
      phoneNumber: `${people.phonePrefix}1000002`,
      specialty: 'Nutrición clínica',
      professionalLicenseNumber: `TP-${people.documentBase + 2}`,
      description: `profesional de la salud aprobado, ${name}`,
    },
    {
      ...base,
      email: `pendiente.${country}@demo.test`,
      role: 'doctor',
      approvalStatus: 'pending',
      firstName: people.pending[0],
      lastName: people.pending[1],
      documentNumber: String(people.documentBase + 3),
      phoneNumber: `${people.phonePrefix}1000003`,
      specialty: 'Endocrinología',
      professionalLicenseNumber: `RM-${people.documentBase + 3}`,
      description: `médico pendiente de aprobación, ${name}`,
    },
    {
      ...base,
      email: `paciente.${country}@demo.test`,
      role: 'patient',
      firstName: people.patient[0],
      lastName: people.patient[1],
      documentNumber: String(people.documentBase + 4),
      phoneNumber: `${people.phonePrefix}1000004`,
      invitedBy: doctorEmail,
      description: `paciente invitada por medico.${country}, ${name}`,
    },
  ];
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
