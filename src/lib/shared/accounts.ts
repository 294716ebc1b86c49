// Accounts contract shared by the storefront and the server: roles, profile and session shapes, dynamic forms,
// credentials and invitations. Wire names follow product §3 and §7.

export const ROLES = ['patient', 'doctor', 'health_professional', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const PROFESSIONAL_ROLES: readonly Role[] = ['doctor', 'health_professional'];

/** Role ids used by `role_id` (product §3 `role { id, name }`, default patient). */
export const ROLE_IDS: Record<Role, number> = { patient: 0, doctor: 1, health_professional: 2, admin: 3 };

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export interface RoleDto {
  id: number;
  name: Role;
}

/** Product §3 server user fields, plus id, uid, e-mail, role and the professional's approval status. */
export interface ProfileDto {
  id: number;
  uid: string;
  email: string;
  display_name: string;
  first_name: string;
  last_name: string;
  birth_date: string | null;
  gender: string | null;
  document_type_id: number | null;
  document_number: string | null;
  phone_number: string | null;
  specialty: string | null;
  country_code: string | null;
  professional_license_number: string | null;
  purchase_level_id: number | null;
  country_id: number;
  doctor_id: number | null;
  role_id: number;
  role: RoleDto;
  required_change_password: boolean;
  profile_image_url: string | null;
  approval_status: ApprovalStatus;
  ecosystems: string[];
}

/** Product §3 login response: sessionToken, id, uid, email, display_name, role, ecosystems. */
export interface LoginResponseDto {
  sessionToken: string;
  id: number;
  uid: string;
  email: string;
  display_name: string;
  role: RoleDto;
  ecosystems: string[];
  /** The country the session belongs to and when it expires (ISO 8601). */
  country: string;
  expiresAt: string;
  profile: ProfileDto;
}

/** Product §3: dynamic login and registration answer `token` and `user`. */
export interface DynamicAuthResponseDto {
  token: string;
  user: ProfileDto;
  expiresAt: string;
}

export interface ValidateResponseDto {
  valid: true;
  ecosystems: string[];
  user: ProfileDto;
  expiresAt: string;
}

// Dynamic forms (product §3).
export const FORM_TYPES = ['login', 'register', 'profile', 'custom'] as const;
export const FIELD_TYPES = [
  'text',
  'email',
  'password',
  'number',
  'tel',
  'date',
  'time',
  'datetime-local',
  'textarea',
  'select',
  'checkbox',
  'radio',
  'file',
  'hidden',
] as const;
export const RULE_KINDS = [
  'required',
  'email',
  'minLength',
  'maxLength',
  'pattern',
  'min',
  'max',
  'equalTo',
  'custom',
] as const;

type FormType = (typeof FORM_TYPES)[number];
type FieldType = (typeof FIELD_TYPES)[number];
type RuleKind = (typeof RULE_KINDS)[number];

export interface FormRuleDto {
  kind: RuleKind;
  /** minLength/maxLength/min/max: a number; pattern: a regular expression source; equalTo: another field's name;
   * custom: the name of a server-side check (for instance `documentAvailable`). */
  value?: string | number;
  message: string;
}

export interface FormOptionDto {
  value: string;
  label: string;
}

export interface FormFieldDto {
  name: string;
  type: FieldType;
  label: string;
  placeholder?: string;
  help?: string;
  /** 1 = basic data, 2 = access data (product §2: registration in 2 steps). */
  step: number;
  options?: FormOptionDto[];
  defaultValue?: string | boolean;
  /** file fields: accepted MIME types. */
  accept?: string[];
  rules: FormRuleDto[];
}

export interface FormSchemaDto {
  id: number;
  key: string;
  type: FormType;
  title: string;
  /** Role the registration creates; absent for login forms. */
  role?: Role;
  steps: { step: number; title: string }[];
  fields: FormFieldDto[];
}

export interface FormErrorDto {
  field: string;
  message: string;
}

/** The dynamic registration forms the server serves (`/forms/{id}` accepts the id or the key). */
export const REGISTRATION_FORMS = {
  doctor: { id: 1, key: 'registro-medico' },
  health_professional: { id: 2, key: 'registro-profesional-salud' },
  patient: { id: 3, key: 'registro-paciente' },
} as const;
export const LOGIN_FORM = { id: 4, key: 'inicio-sesion' } as const;

/** Product §3: how professionals heard of the product. */
export const HEARD_FROM_OPTIONS = [
  'impresos',
  'colega',
  'visitador-medico',
  'distribuidor-farmacia',
  'redes-sociales',
  'busqueda-internet',
  'evento',
  'otro',
] as const;

export const GENDERS = ['femenino', 'masculino', 'otro', 'prefiero-no-decir'] as const;
export type Gender = (typeof GENDERS)[number];

/** Identity documents per country; `document_type_id` refers to these ids. */
export const DOCUMENT_TYPES = [
  { id: 1, code: 'CC', name: 'Cédula de ciudadanía', countryId: 1 },
  { id: 2, code: 'CE', name: 'Cédula de extranjería', countryId: 1 },
  { id: 3, code: 'PA', name: 'Pasaporte', countryId: null },
  { id: 4, code: 'INE', name: 'Credencial para votar (INE)', countryId: 2 },
  { id: 5, code: 'CURP', name: 'CURP', countryId: 2 },
  { id: 6, code: 'DNI', name: 'DNI', countryId: 3 },
  { id: 7, code: 'CE-PE', name: 'Carné de extranjería', countryId: 3 },
] as const;

// Credentials (product §3).
export const CREDENTIAL_STATUSES = ['not_uploaded', 'pending', 'approved', 'rejected'] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];
export const CREDENTIAL_DOCUMENT_TYPES = [
  'tarjeta-profesional',
  'diploma',
  'documento-identidad',
  'registro-sanitario',
] as const;
export const CREDENTIAL_MAX_FILES = 5;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

interface CredentialFileDto {
  id: number;
  name: string;
  size: number;
  mime: string;
  url: string;
}

export interface CredentialHistoryEntryDto {
  id: number;
  documentType: string;
  contactNumber: string | null;
  countryCode: string | null;
  status: CredentialStatus;
  reason: string | null;
  createdAt: string;
  reviewedAt: string | null;
  files: CredentialFileDto[];
  /**
   * A hormone prescription (`formula-hormonal`) is reviewed on the order it was sent with: that order, whose review
   * the entry's status and reason then are. Null for credentials, and for a prescription no order used yet.
   */
  order: CredentialOrderDto | null;
}

interface CredentialOrderDto {
  id: number;
  /** 'CO-000042' */
  number: string;
  /** The order's own state ('released', 'cancelled'...), see OrderStatus. */
  status: string;
}

export interface CredentialsStatusDto {
  status: CredentialStatus;
  /** Professionals must upload credentials before approval; patients and admins never need to. */
  required: boolean;
  history: CredentialHistoryEntryDto[];
}

// Invitations (an addition: docs/api.md).
export const INVITATION_LIFETIME_DAYS = 14;

export interface InvitationDto {
  id: number;
  email: string | null;
  documentNumber: string | null;
  firstName: string | null;
  lastName: string | null;
  country: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  /** Present only in the answer that creates it: the single-use link. */
  link?: string;
}

export interface InvitationPreviewDto {
  email: string | null;
  documentNumber: string | null;
  firstName: string | null;
  lastName: string | null;
  country: string;
  expiresAt: string;
  professional: { display_name: string; role: Role };
  /**
   * What the professional already wrote in the patient's record (invitations sent from the register), offered as the
   * registration form's starting values; null for an invitation sent outside the register.
   */
  record: InvitedRecordDto | null;
}

interface InvitedRecordDto {
  birthDate: string | null;
  gender: string | null;
  documentTypeId: number | null;
  countryCode: string | null;
  phoneNumber: string | null;
}

// Admin: affiliate management.
export const PURCHASE_LEVELS = [
  { id: 1, name: 'Estándar' },
  { id: 2, name: 'Preferencial' },
  { id: 3, name: 'Distribuidor' },
] as const;

export interface AffiliateDto {
  id: number;
  uid: string;
  email: string;
  display_name: string;
  role: Role;
  approval_status: ApprovalStatus;
  approval_reason: string | null;
  specialty: string | null;
  professional_license_number: string | null;
  document_number: string | null;
  country_id: number;
  purchase_level_id: number | null;
  credentials: CredentialsStatusDto;
  created_at: string;
}
