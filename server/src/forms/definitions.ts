import {
  DOCUMENT_TYPES,
  GENDERS,
  HEARD_FROM_OPTIONS,
  LOGIN_FORM,
  REGISTRATION_FORMS,
  type FormFieldDto,
  type FormOptionDto,
  type FormRuleDto,
  type FormSchemaDto,
  type Role,
} from '../../../src/lib/shared/accounts';
import { COUNTRIES, type CountryCode } from '../../../src/lib/shared/countries';
import { CREDENTIAL_DOCUMENT_LABELS } from '../../../src/lib/shared/credential-labels';
import { GENDER_LABELS } from '../../../src/lib/shared/gender-labels';
import { spanish } from '../../../src/lib/shared/labels';
import {
  HEALTH_CONSENT_FIELD,
  HEALTH_CONSENT_LABEL,
  HEALTH_CONSENT_REQUIRED_MESSAGE,
  HEALTH_CONSENT_TEXTS,
} from '../../../src/lib/shared/privacy';
import { PASSWORD_RULE_MESSAGE } from '../../../src/lib/shared/passwords';
import { DOCUMENT_TAKEN_MESSAGE, EMAIL_TAKEN_MESSAGE, MIN_BIRTH_DATE } from '../../../src/lib/shared/account-schemas';
import { numericDocumentMessage, PERSON_NAME_MAX_LENGTH, personNameRules } from '../../../src/lib/shared/personal-data';

export const REQUIRED_MESSAGE = 'Campo obligatorio';
export const TERMS_MESSAGE = 'Debes aceptar los términos y la política de privacidad';
// The server's forms name them here; the words are shared with the patient form (account-schemas).
export { DOCUMENT_TAKEN_MESSAGE, EMAIL_TAKEN_MESSAGE };
export const INVITATION_INVALID_MESSAGE = 'La invitación no es válida o ya expiró.';

/** Server-side checks a `custom` rule may name. */
export const CUSTOM_CHECKS = [
  'emailAvailable',
  'documentAvailable',
  'documentMatchesType',
  'strongPassword',
  'invitationValid',
  'invitationEmail',
  'invitationDocument',
] as const;
export type CustomCheckName = (typeof CUSTOM_CHECKS)[number];

export const HEARD_FROM_LABELS: Record<(typeof HEARD_FROM_OPTIONS)[number], string> = {
  impresos: 'Material impreso',
  colega: 'Un colega',
  'visitador-medico': 'Un visitador médico',
  'distribuidor-farmacia': 'Un distribuidor o farmacia',
  'redes-sociales': 'Redes sociales',
  'busqueda-internet': 'Búsqueda en internet',
  evento: 'Un evento',
  otro: 'Otro',
};

export const DOCTOR_SPECIALTIES = [
  'Medicina funcional',
  'Medicina general',
  'Medicina interna',
  'Endocrinología',
  'Ginecología',
  'Medicina deportiva',
  'Medicina estética',
  'Otra',
];

export const CREDENTIAL_ACCEPT = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'];

/** Letters and digits only, 5 to 20: spaces, dots and dashes are removed before the check. */
export const DOCUMENT_PATTERN = '^[A-Za-z0-9]{5,20}$';
export const PHONE_PATTERN = '^[0-9]{7,15}$';
export const DIAL_CODE_PATTERN = '^\\+[0-9]{1,4}$';
export const NAME_MAX_LENGTH = PERSON_NAME_MAX_LENGTH;
export const PRACTICE_MAX_LENGTH = 1000;

const required = (message = REQUIRED_MESSAGE): FormRuleDto => ({ kind: 'required', message });
const custom = (name: CustomCheckName, message: string): FormRuleDto => ({ kind: 'custom', value: name, message });
const maxLength = (value: number): FormRuleDto => ({
  kind: 'maxLength',
  value,
  message: `Máximo ${value} caracteres.`,
});

export type FormKind = 'doctor' | 'health_professional' | 'patient' | 'login';

export interface FormRef {
  id: number;
  key: string;
  kind: FormKind;
}

export const FORM_REFS: FormRef[] = [
  { ...REGISTRATION_FORMS.doctor, kind: 'doctor' },
  { ...REGISTRATION_FORMS.health_professional, kind: 'health_professional' },
  { ...REGISTRATION_FORMS.patient, kind: 'patient' },
  { ...LOGIN_FORM, kind: 'login' },
];

/** `/forms/{id}` accepts the numeric id or the key. */
export function findFormRef(idOrKey: string): FormRef | undefined {
  const value = idOrKey.trim().toLowerCase();
  return FORM_REFS.find((ref) => String(ref.id) === value || ref.key === value);
}

export function documentTypeOptions(country: CountryCode): FormOptionDto[] {
  const countryId = COUNTRIES[country].countryId;
  return DOCUMENT_TYPES.filter((type) => type.countryId === countryId || type.countryId === null).map((type) => ({
    value: String(type.id),
    label: type.name,
  }));
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * A name the person types at registration: the checkout's rule for a buyer's name (`personNameRules`, letters only,
 * 80 at most) in the same words. The patient's form takes the names locked from the invitation, as the professional
 * wrote them in the patient's record (whose form has no letters-only rule), so there only the length is judged: a rule
 * the patient could not satisfy by editing a locked field would block the registration.
 */
function nameField(
  name: 'first_name' | 'last_name',
  label: string,
  { lettersOnly }: { lettersOnly: boolean },
): FormFieldDto {
  const subject = { name: name === 'first_name' ? 'Los nombres' : 'Los apellidos', plural: true };
  const limits = personNameRules(subject);
  return {
    name,
    type: 'text',
    label,
    step: 1,
    rules: [
      required(),
      { kind: 'minLength', value: 2, message: 'Escribe al menos 2 caracteres.' },
      ...(lettersOnly ? limits : limits.filter((rule) => rule.kind !== 'pattern')),
    ],
  };
}

function identityFields(country: CountryCode, today: string, forPatient: boolean): FormFieldDto[] {
  // The country's digits-only document (a cédula, a DNI) says so before the general pattern: letters typed in it get
  // that document's message, the one the checkout gives too.
  const numericMessage = numericDocumentMessage(COUNTRIES[country].countryId);
  const documentRules: FormRuleDto[] = [
    required(),
    ...(numericMessage ? [custom('documentMatchesType', numericMessage)] : []),
    { kind: 'pattern', value: DOCUMENT_PATTERN, message: 'El documento debe tener entre 5 y 20 letras o números.' },
    custom('documentAvailable', DOCUMENT_TAKEN_MESSAGE),
  ];
  if (forPatient) documentRules.push(custom('invitationDocument', 'El documento no coincide con el de la invitación.'));
  return [
    {
      name: 'document_type_id',
      type: 'select',
      label: 'Tipo de documento',
      step: 1,
      options: documentTypeOptions(country),
      rules: [required()],
    },
    {
      name: 'document_number',
      type: 'text',
      label: 'Número de documento',
      placeholder: 'Sin puntos ni espacios',
      step: 1,
      rules: documentRules,
    },
    {
      name: 'gender',
      type: 'radio',
      label: 'Género',
      step: 1,
      options: GENDERS.map((value) => ({ value, label: spanish(GENDER_LABELS[value]) })),
      rules: [],
    },
    {
      name: 'birth_date',
      type: 'date',
      label: 'Fecha de nacimiento',
      step: 1,
      rules: [
        required(),
        { kind: 'min', value: MIN_BIRTH_DATE, message: 'Revisa la fecha de nacimiento.' },
        { kind: 'max', value: today, message: 'La fecha de nacimiento no puede ser futura.' },
      ],
    },
    {
      name: 'phone_number',
      type: 'tel',
      label: 'Número de celular',
      placeholder: 'Solo números',
      step: 1,
      rules: [
        ...(forPatient ? [required()] : []),
        { kind: 'pattern', value: PHONE_PATTERN, message: 'El número debe tener entre 7 y 15 dígitos.' },
      ],
    },
    {
      name: 'country_code',
      type: 'hidden',
      label: 'Indicativo del país',
      step: 1,
      defaultValue: COUNTRIES[country].dialCode,
      rules: [{ kind: 'pattern', value: DIAL_CODE_PATTERN, message: 'El indicativo del país no es válido.' }],
    },
  ];
}

function accessFields(forPatient: boolean): FormFieldDto[] {
  const emailRules: FormRuleDto[] = [
    required(),
    { kind: 'email', message: 'Escribe un correo electrónico válido.' },
    maxLength(254),
    custom('emailAvailable', EMAIL_TAKEN_MESSAGE),
  ];
  if (forPatient) emailRules.push(custom('invitationEmail', 'El correo no coincide con el de la invitación.'));
  return [
    { name: 'email', type: 'email', label: 'Correo electrónico', step: 2, rules: emailRules },
    {
      name: 'password',
      type: 'password',
      label: 'Contraseña',
      help: PASSWORD_RULE_MESSAGE,
      step: 2,
      rules: [
        required(),
        { kind: 'minLength', value: 8, message: PASSWORD_RULE_MESSAGE },
        { kind: 'maxLength', value: 128, message: 'Máximo 128 caracteres.' },
        custom('strongPassword', PASSWORD_RULE_MESSAGE),
      ],
    },
    {
      name: 'password_confirmation',
      type: 'password',
      label: 'Confirma la contraseña',
      step: 2,
      rules: [required(), { kind: 'equalTo', value: 'password', message: 'Las contraseñas no coinciden.' }],
    },
  ];
}

const termsField: FormFieldDto = {
  name: 'terms',
  type: 'checkbox',
  label: 'Acepto los términos y condiciones y la política de privacidad',
  step: 2,
  defaultValue: false,
  rules: [required(TERMS_MESSAGE)],
};

/**
 * Express consent for health data, apart from the terms (Ley 1581 art. 6, LFPDPPP, Ley 29733 art. 13): its own
 * unticked box, with the country's text as its help. The server records which text version was in force.
 */
function healthConsentField(country: CountryCode): FormFieldDto {
  return {
    name: HEALTH_CONSENT_FIELD,
    type: 'checkbox',
    label: HEALTH_CONSENT_LABEL,
    help: HEALTH_CONSENT_TEXTS[country],
    step: 2,
    defaultValue: false,
    rules: [required(HEALTH_CONSENT_REQUIRED_MESSAGE)],
  };
}

const STEPS = [
  { step: 1, title: 'Datos básicos' },
  { step: 2, title: 'Datos de acceso' },
];

function professionalForm(ref: FormRef, role: Role, country: CountryCode, today: string): FormSchemaDto {
  const doctor = role === 'doctor';
  const specialty: FormFieldDto = doctor
    ? {
        name: 'specialty',
        type: 'select',
        label: 'Especialidad',
        step: 1,
        options: DOCTOR_SPECIALTIES.map((value) => ({ value, label: value })),
        rules: [required()],
      }
    : {
        name: 'specialty',
        type: 'text',
        label: 'Profesión o especialidad',
        placeholder: 'Por ejemplo: Nutrición clínica',
        step: 1,
        rules: [required(), maxLength(120)],
      };
  return {
    id: ref.id,
    key: ref.key,
    type: 'register',
    title: doctor ? 'Registro de médicos' : 'Registro de profesionales de la salud',
    role,
    steps: STEPS,
    fields: [
      nameField('first_name', 'Nombres', { lettersOnly: true }),
      nameField('last_name', 'Apellidos', { lettersOnly: true }),
      specialty,
      {
        name: 'professional_license_number',
        type: 'text',
        label: 'Número de tarjeta profesional',
        step: 1,
        rules: [required(), maxLength(40)],
      },
      ...identityFields(country, today, false),
      {
        name: 'years_of_experience',
        type: 'number',
        label: 'Años de experiencia',
        step: 1,
        rules: [
          { kind: 'min', value: 0, message: 'Escribe un número entre 0 y 70.' },
          { kind: 'max', value: 70, message: 'Escribe un número entre 0 y 70.' },
        ],
      },
      {
        name: 'practice_description',
        type: 'textarea',
        label: 'Cuéntanos sobre tu práctica',
        placeholder: 'Enfoque, tipo de pacientes, lugar de atención…',
        step: 1,
        rules: [maxLength(PRACTICE_MAX_LENGTH)],
      },
      {
        name: 'preferred_contact_time',
        type: 'time',
        label: 'Hora preferida para contactarte',
        help: 'Atendemos de lunes a viernes de 8:00 a 18:00 y los sábados de 8:00 a 13:00.',
        step: 1,
        rules: [],
      },
      {
        name: 'welcome_call_at',
        type: 'datetime-local',
        label: 'Agenda una llamada de bienvenida (opcional)',
        step: 1,
        rules: [{ kind: 'min', value: `${today}T00:00`, message: 'Elige una fecha futura.' }],
      },
      ...accessFields(false),
      {
        name: 'heard_from',
        type: 'select',
        label: '¿Cómo te enteraste de nosotros?',
        step: 2,
        options: HEARD_FROM_OPTIONS.map((value) => ({ value, label: HEARD_FROM_LABELS[value] })),
        rules: [required()],
      },
      termsField,
      healthConsentField(country),
      {
        name: 'professional_card',
        type: 'file',
        label: spanish(CREDENTIAL_DOCUMENT_LABELS['tarjeta-profesional']),
        help: 'Opcional: podrás subir tus credenciales (PDF, JPG, PNG o WEBP, hasta 10 MB) después del registro.',
        step: 2,
        accept: CREDENTIAL_ACCEPT,
        rules: [],
      },
    ],
  };
}

function patientForm(ref: FormRef, country: CountryCode, today: string): FormSchemaDto {
  return {
    id: ref.id,
    key: ref.key,
    type: 'register',
    title: 'Registro de pacientes',
    role: 'patient',
    steps: STEPS,
    fields: [
      {
        name: 'invitation_token',
        type: 'hidden',
        label: 'Invitación',
        step: 1,
        rules: [
          required('Necesitas la invitación de tu profesional de la salud para registrarte.'),
          custom('invitationValid', INVITATION_INVALID_MESSAGE),
        ],
      },
      nameField('first_name', 'Nombres', { lettersOnly: false }),
      nameField('last_name', 'Apellidos', { lettersOnly: false }),
      ...identityFields(country, today, true),
      ...accessFields(true),
      termsField,
      healthConsentField(country),
    ],
  };
}

function loginForm(ref: FormRef): FormSchemaDto {
  return {
    id: ref.id,
    key: ref.key,
    type: 'login',
    title: 'Iniciar sesión',
    steps: [{ step: 1, title: 'Iniciar sesión' }],
    fields: [
      {
        name: 'identifier',
        type: 'text',
        label: 'Correo electrónico o número de documento',
        step: 1,
        rules: [required(), maxLength(254)],
      },
      { name: 'password', type: 'password', label: 'Contraseña', step: 1, rules: [required()] },
    ],
  };
}

/** The schema of a form for a country (document types and dial code depend on it) as of `now`. */
export function buildForm(ref: FormRef, country: CountryCode, now: Date = new Date()): FormSchemaDto {
  const today = isoDate(now);
  switch (ref.kind) {
    case 'doctor':
    case 'health_professional':
      return professionalForm(ref, ref.kind, country, today);
    case 'patient':
      return patientForm(ref, country, today);
    case 'login':
      return loginForm(ref);
  }
}
