// Professional tools: the wire contract the storefront and the server share (product §2 my patients, patient info with
// strategies, create prescription in 4 steps, my prescriptions, medical attention request; §3 Patient, Prescription
// draft, Medical attention request; §5 required fields; §6 roles). Endpoints are listed in docs/api.md
// ("Professional tools"). Dates are ISO 8601; birth dates and date filters are `YYYY-MM-DD`.

import type { AdherenceSummaryDto } from './adherence';
import type { FormFieldDto, FormRuleDto, Role } from './accounts';
import type { ProductDto } from './api-types';
import { COUNTRIES } from './countries';
import { EMAIL_MAX_LENGTH } from './email';
import type { PatientConsentState } from './privacy';

// ---------------------------------------------------------------------------------------------------------------
// Patients

/** Product §5: the patient form's required-field message (the medical attention request uses 'Campo obligatorio'). */
export const PATIENT_REQUIRED_MESSAGE = 'Debes completar este campo';

/** Product §5: the patient fields marked with an asterisk. */
export const PATIENT_REQUIRED_FIELDS = [
  'first_name',
  'last_name',
  'birth_date',
  'email',
  'document_number',
  'phone_number',
] as const;

/** Product §3: the fields that must all be non-empty for `complete`. */
export const PATIENT_COMPLETE_FIELDS = [
  'first_name',
  'last_name',
  'birth_date',
  'gender',
  'email',
  'country_id',
  'document_type_id',
  'document_number',
  'country_code',
  'phone_number',
] as const;

export const NAME_MAX_LENGTH = 80;
// The rules of the medical attention request's form (`MEDICAL_REQUEST_FORM_FIELDS`, run by `validateForm`); the
// patient form's are the zod schema `patientFormSchema` (./patient-schemas), with the same messages.
const required = (message: string): FormRuleDto => ({ kind: 'required', message });
const oneOf = (values: readonly (string | number)[], message: string): FormRuleDto => ({
  kind: 'pattern',
  value: values.map((value) => String(value).replace(/[+]/g, '\\+')).join('|'),
  message,
});
const maxLength = (value: number): FormRuleDto => ({
  kind: 'maxLength',
  value,
  message: `Máximo ${value} caracteres.`,
});
export const EMAIL_FORMAT_MESSAGE = 'Escribe un correo electrónico válido.';
export const COUNTRY_CHOICE_MESSAGE = 'Selecciona un país de la lista.';
export const DIAL_CODE_CHOICE_MESSAGE = 'Selecciona el indicativo de la lista.';
export const PHONE_DIGITS_MESSAGE = 'El número debe tener entre 7 y 15 dígitos.';
const emailRules = (requiredMessage: string): FormRuleDto[] => [
  required(requiredMessage),
  { kind: 'email', message: EMAIL_FORMAT_MESSAGE },
  maxLength(EMAIL_MAX_LENGTH),
];
const countryOptions = Object.values(COUNTRIES).map((country) => ({
  value: String(country.countryId),
  label: country.name,
}));
const dialCodeOptions = Object.values(COUNTRIES).map((country) => ({
  value: country.dialCode,
  label: `${country.name} (${country.dialCode})`,
}));
const countryRule = oneOf(
  countryOptions.map((option) => option.value),
  COUNTRY_CHOICE_MESSAGE,
);
const dialCodeRule = oneOf(
  dialCodeOptions.map((option) => option.value),
  DIAL_CODE_CHOICE_MESSAGE,
);
/** Values are checked after the server strips separators: phones keep their digits. */
const phoneRule: FormRuleDto = {
  kind: 'pattern',
  value: '[0-9]{7,15}',
  message: PHONE_DIGITS_MESSAGE,
};

/** Patients per page of `GET /patients`. */
export const PATIENTS_PAGE_SIZE = 20;
export const PATIENTS_MAX_PAGE_SIZE = 100;
/**
 * `GET /patients?adherencia=se-acaba`: only patients whose supply runs out soon (`adherence.ts`). Here, not beside the
 * adherence schemas: the patients' API module needs only the words, and importing that module would bring zod to every
 * screen that refreshes the patients' list (the bag among them).
 */
export const ADHERENCE_FILTER_PARAM = 'adherencia';
export const ADHERENCE_FILTER_RUNNING_OUT = 'se-acaba';

/**
 * `POST /patients` and `PATCH /patients/{id}` body (product §3 patient data; the form's "location" is `country_id`).
 * `gender` is a `GENDERS` value, `document_type_id` a `DOCUMENT_TYPES` id, `country_code` the phone prefix ('+57').
 * PATCH accepts any subset.
 */
export interface PatientInputDto {
  first_name: string;
  last_name: string;
  birth_date: string;
  gender: string | null;
  email: string;
  /** Defaults to the session's country. */
  country_id?: number;
  document_type_id: number | null;
  document_number: string;
  country_code: string | null;
  phone_number: string;
}

/** `POST /patients`: the form plus the professional's attestation that they hold the patient's consent. */
export interface CreatePatientInputDto extends PatientInputDto {
  consent_attested: true;
}

/**
 * `invited`: the invitation was sent and the patient has no account yet; `active`: the patient has an account and
 * sees their prescriptions.
 */
export const PATIENT_ACCOUNT_STATUSES = ['invited', 'active'] as const;
export type PatientAccountStatus = (typeof PATIENT_ACCOUNT_STATUSES)[number];

/** A patient of the viewer's register (product §3 Patient + the table columns name, email, country, phone, type ID). */
/**
 * Only an account deletion leaves a register record without an account and with its consent revoked (a patient who
 * revokes from their own account stays linked to it). The server says it on every patient it sends.
 */
export function isDeletedAccount(record: { hasAccount: boolean; consent: PatientConsentState }): boolean {
  return !record.hasAccount && record.consent === 'revoked';
}

export interface PatientDto {
  id: number;
  first_name: string;
  last_name: string;
  display_name: string;
  birth_date: string | null;
  gender: string | null;
  email: string;
  country_id: number;
  /** Spec table column "country". */
  country_name: string;
  document_type_id: number | null;
  /** Spec table column "type ID": the `DOCUMENT_TYPES` code, e.g. 'CC'; null when unknown. */
  document_type_code: string | null;
  /** Null only for a patient who came in through an account without these data (then `complete` is false). */
  document_number: string | null;
  country_code: string | null;
  phone_number: string | null;
  /** Product §3: true only when every `PATIENT_COMPLETE_FIELDS` field is non-empty. */
  complete: boolean;
  account_status: PatientAccountStatus;
  /** Attested by the professional who registered the patient, confirmed by the patient at registration, or revoked. */
  consent_status: PatientConsentState;
  /** The record an account deletion left (see `isDeletedAccount`): kept for the prescriptions already issued. */
  account_deleted: boolean;
  created_at: string;
  /**
   * In `GET /patients` answers only: how the patient's purchases cover what the viewer prescribed (issue #19), for
   * 'Al día' / 'Se le acaba en N días' / 'Sin compras desde …'.
   */
  adherence?: AdherenceSummaryDto;
}

/** `GET /patients?search=&page=&limit=`: the viewer's linked patients; `search` matches name or e-mail. */
export interface PatientListDto {
  data: PatientDto[];
  total: number;
  page: number;
  limit: number;
}

/** `POST /patients` answer (201): the patient, product §3 `patientCreated`, and the invitation e-mailed to them. */
export interface CreatePatientResponseDto {
  patient: PatientDto;
  patientCreated: true;
  /** `link` is the single-use registration link, also e-mailed, for sharing it by other means. */
  invitation: { id: number; expiresAt: string; link: string };
}

// ---------------------------------------------------------------------------------------------------------------
// Prescriptions and recommendations ("strategies")

/** Doctors issue prescriptions; health professionals issue recommendations (product §1). */
export const PRESCRIPTION_TYPES = ['prescription', 'recommendation'] as const;
export type PrescriptionType = (typeof PRESCRIPTION_TYPES)[number];
export const PRESCRIPTION_TYPE_BY_ROLE: Partial<Record<Role, PrescriptionType>> = {
  doctor: 'prescription',
  health_professional: 'recommendation',
};

/**
 * `active`: within its treatment period; `finished`: the longest tool duration has elapsed since it was issued;
 * `cancelled`: its author withdrew it (`POST /prescriptions/{id}/cancel`). A cancelled one cannot be bought.
 */
export const PRESCRIPTION_STATUSES = ['active', 'finished', 'cancelled'] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];

/**
 * Product §3 time-of-day options in their three groups; `momentsDay[].id` refers to these ids. Their words are
 * `MOMENT_LABELS` and `MOMENT_GROUP_LABELS` (./prescription-labels).
 */
export const MOMENT_GROUPS = [
  {
    id: 'morning',
    moments: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }],
  },
  {
    id: 'afternoon',
    moments: [{ id: 5 }, { id: 6 }, { id: 7 }],
  },
  {
    id: 'evening',
    moments: [{ id: 8 }, { id: 9 }, { id: 10 }],
  },
] as const;
export type MomentGroupId = (typeof MOMENT_GROUPS)[number]['id'];
export type MomentId = (typeof MOMENT_GROUPS)[number]['moments'][number]['id'];
export const MOMENTS: readonly { id: MomentId; group: MomentGroupId }[] = MOMENT_GROUPS.flatMap((group) =>
  group.moments.map((moment) => ({ id: moment.id, group: group.id })),
);

/** Product §3 `prescriptionDuration.time`. */
export const DURATION_UNITS = ['days', 'weeks', 'months'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
/** Days one unit of duration stands for, to compute the end of a treatment (a month counts as 30 days). */
export const DURATION_UNIT_DAYS: Record<DurationUnit, number> = { days: 1, weeks: 7, months: 30 };

/** Bounds of the indications: a tool is taken at most this often and for at most this long. */
export const MOMENT_MAX_QUANTITY = 20;
export const DURATION_MAX_DAYS = 365;
export const TOOL_MAX_UNITS = 99;
export const TOOL_MAX_DAILY_CAPSULES = 50;
export const PRESCRIPTION_MAX_TOOLS = 30;
export const INDICATIONS_MAX_LENGTH = 1000;

/**
 * `GET /prescription-settings` (professionals, admins) and `PUT /admin/prescription-settings`: what the admins tune
 * in the prescription builder. A moment keeps its id (stored prescriptions refer to it); its label may be renamed
 * (null: the standard one) and it may be hidden from new prescriptions.
 */
export interface PrescriptionSettingsDto {
  moments: { id: MomentId; label: string | null; enabled: boolean }[];
  /** The duration a tool starts with when added to a prescription. */
  defaultDuration: PrescriptionDurationDto;
  /** The notes a tool starts with. */
  defaultIndications: string;
}

export const MOMENT_LABEL_MAX_LENGTH = 40;

export const DEFAULT_PRESCRIPTION_SETTINGS: PrescriptionSettingsDto = {
  moments: MOMENTS.map((moment) => ({ id: moment.id, label: null, enabled: true })),
  defaultDuration: { time: 'months', quantity: 1 },
  defaultIndications: '',
};
export const PRESCRIPTION_NOTES_MAX_LENGTH = 2000;

export interface MomentInputDto {
  id: MomentId;
  /** How many units (capsules, drops…) at that moment; positive, may be fractional (half a tablet). */
  quantity: number;
}

/** Product §3 `momentsDay[]`: `value` is the moment's Spanish label. */
export interface MomentDto extends MomentInputDto {
  value: string;
}

export interface PrescriptionDurationDto {
  time: DurationUnit;
  /** Positive whole number of `time` units. */
  quantity: number;
}

/** One tool of `POST /prescriptions` and of a template (product §3 indications fields). */
export interface PrescriptionToolInputDto {
  productId: number;
  /** At least one moment; each id at most once. */
  momentsDay: MomentInputDto[];
  prescriptionDuration: PrescriptionDurationDto;
  /** Free notes ("prescriptionIndications"); may be empty. */
  prescriptionIndications: string;
  /** Units taken per day; omitted or null: the sum of `momentsDay` quantities. */
  dailyCapsules?: number | null;
  /** Product units (containers) to buy; a positive whole number. */
  units: number;
}

/**
 * `POST /prescriptions` body, sent with an `Idempotency-Key` header (`IDEMPOTENCY_HEADER` of ./orders): replaying the
 * same key answers the first result; the same key with another body is refused (409). The first answer is 201, a replay 200, both `PrescriptionDetailDto`.
 */
export interface CreatePrescriptionRequestDto {
  /** The patient; or, for a patient created offline and not yet known by id, `patientRef`. */
  patientId?: number;
  /** The Idempotency-Key of the patient's creation (`POST /patients`): the server finds the patient it created. */
  patientRef?: string;
  /** Defaults to the author's (`PRESCRIPTION_TYPE_BY_ROLE`); another value is refused. */
  type?: PrescriptionType;
  tools: PrescriptionToolInputDto[];
  notes: string;
  /** The template it started from, if any (kept for the record). */
  templateId?: number | null;
}

/** A tool as stored: the product as it was when prescribed, plus its indications. */
export interface PrescriptionToolDto {
  productId: number;
  name: string;
  slug: string;
  /** Product §3 "description or tag". */
  description: string;
  tag: string;
  capsuleInfo: string | null;
  /** A placeholder image when the product has none. */
  imageUrl: string;
  category: { id: number; name: string; slug: string };
  /** Presentation text, e.g. 'Frasco x 60 cápsulas' (defaults 'Frasco' and 'unidades'). */
  presentation: string;
  momentsDay: MomentDto[];
  prescriptionDuration: PrescriptionDurationDto;
  prescriptionIndications: string;
  dailyCapsules: number;
  units: number;
}

export interface StrategyPersonDto {
  id: number;
  display_name: string;
}

/** The patient a strategy names: `account_deleted` when the account was deleted and the name is the server's placeholder. */
export interface StrategyPatientDto extends StrategyPersonDto {
  account_deleted: boolean;
}

export interface StrategyAuthorDto extends StrategyPersonDto {
  role: Role;
  specialty: string | null;
  professional_license_number: string | null;
}

export interface PrescriptionDto {
  id: number;
  type: PrescriptionType;
  status: PrescriptionStatus;
  createdAt: string;
  /** When the longest tool duration ends. */
  endsAt: string;
  countryId: number;
  notes: string;
  templateId: number | null;
  author: StrategyAuthorDto;
  patient: StrategyPatientDto & { email: string; document_number: string };
  tools: PrescriptionToolDto[];
}

/**
 * A product to buy of a prescription, as sold today in the request's country: `product` is null when it is no longer
 * sold there (then `problem` says so). `quantity` is the prescribed units; `hasStock` is product §3's (true if no stock
 * is tracked or the quantity is > 0). Cart items built from it carry `momentsDay` (a prescription product).
 */
export interface PrescriptionPurchaseLineDto {
  productId: number;
  name: string;
  quantity: number;
  momentsDay: MomentDto[];
  product: ProductDto | null;
  hasStock: boolean;
  problem: string | null;
}

/** `GET /prescriptions/{id}` and `GET /me/prescriptions/{id}`. */
export interface PrescriptionDetailDto extends PrescriptionDto {
  products: PrescriptionPurchaseLineDto[];
  /** The author or, for the patient, false: only the author cancels or saves it as a template. */
  editable: boolean;
}

/** Product §2 strategies table: date, type, category, status (a row of `GET /patients/{id}/strategies`). */
export interface StrategyDto {
  id: number;
  createdAt: string;
  type: PrescriptionType;
  /** Distinct categories of its tools, in tool order. */
  categories: { id: number; name: string }[];
  status: PrescriptionStatus;
  toolCount: number;
  author: StrategyPersonDto & { role: Role };
}

/**
 * `GET /patients/{id}/strategies?from=&to=` (inclusive dates): `own` by the viewer, `others` by other professionals
 * (read-only for the viewer). Newest first.
 */
export interface PatientStrategiesDto {
  own: StrategyDto[];
  others: StrategyDto[];
}

/** `GET /prescriptions` (the author's) and `GET /me/prescriptions` (the patient's): newest first. */
export interface PrescriptionListItemDto extends StrategyDto {
  patient: StrategyPatientDto;
}

export interface PrescriptionListDto {
  data: PrescriptionListItemDto[];
  total: number;
  page: number;
  limit: number;
}
export const PRESCRIPTIONS_PAGE_SIZE = 20;

// ---------------------------------------------------------------------------------------------------------------
// Templates

export const TEMPLATE_NAME_MAX_LENGTH = 120;

/**
 * `POST /prescription-templates` body: either `prescriptionId` (one of the viewer's own prescriptions: its tools and
 * notes are copied) or `tools` (from scratch; same validation as a prescription's tools).
 */
export interface CreateTemplateRequestDto {
  name: string;
  prescriptionId?: number;
  tools?: PrescriptionToolInputDto[];
  notes?: string;
}

export interface TemplateSummaryDto {
  id: number;
  name: string;
  type: PrescriptionType;
  toolCount: number;
  createdAt: string;
}

/**
 * A template tool resolved against today's catalogue in the request's country: `product` is null and `problem` says
 * why when the product is no longer sold; the draft keeps only tools whose `problem` is null.
 */
export interface TemplateToolDto extends PrescriptionToolInputDto {
  name: string;
  product: ProductDto | null;
  hasStock: boolean;
  problem: string | null;
}

/** `GET /prescription-templates/{id}`: `problems` lists one Spanish sentence per tool that cannot be prescribed. */
export interface TemplateDto extends TemplateSummaryDto {
  notes: string;
  tools: TemplateToolDto[];
  problems: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Document library (read side; admin management comes later)

/** Product §1 medical resources: templates and patient support documents. */
export const DOCUMENT_KINDS = ['template', 'patient-support'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** `GET /documents?kind=`: `url` downloads the file (`GET /documents/{id}/file`, session cookie or bearer). */
export interface LibraryDocumentDto {
  id: number;
  kind: DocumentKind;
  title: string;
  description: string;
  fileName: string;
  mime: string;
  size: number;
  url: string;
  /** The country whose professionals see it; null for every country. */
  countryId: number | null;
  createdAt: string;
  updatedAt: string;
}

/** The library takes PDFs and images up to this size (checked by content, not by name). */
export const LIBRARY_DOCUMENT_MAX_BYTES = 15 * 1024 * 1024;
export const LIBRARY_DOCUMENT_TITLE_MAX_LENGTH = 120;
export const LIBRARY_DOCUMENT_DESCRIPTION_MAX_LENGTH = 500;

// ---------------------------------------------------------------------------------------------------------------
// Medical attention request (product §3; public form)

/** Product §5: the medical attention request's required-field message. */
export const MEDICAL_REQUEST_REQUIRED_MESSAGE = 'Campo obligatorio';
export const MEDICAL_REQUEST_DESCRIPTION_MAX_LENGTH = 2000;

/** The medical attention request form: every field required ('Campo obligatorio'), validated like the patient's. */
export const MEDICAL_REQUEST_FORM_FIELDS: FormFieldDto[] = [
  {
    name: 'names',
    type: 'text',
    label: 'Nombres',
    step: 1,
    rules: [required(MEDICAL_REQUEST_REQUIRED_MESSAGE), maxLength(NAME_MAX_LENGTH)],
  },
  {
    name: 'last_names',
    type: 'text',
    label: 'Apellidos',
    step: 1,
    rules: [required(MEDICAL_REQUEST_REQUIRED_MESSAGE), maxLength(NAME_MAX_LENGTH)],
  },
  {
    name: 'email',
    type: 'email',
    label: 'Correo electrónico',
    step: 1,
    rules: emailRules(MEDICAL_REQUEST_REQUIRED_MESSAGE),
  },
  {
    name: 'country_id',
    type: 'select',
    label: 'País',
    step: 1,
    options: countryOptions,
    rules: [required(MEDICAL_REQUEST_REQUIRED_MESSAGE), countryRule],
  },
  {
    name: 'country_code',
    type: 'select',
    label: 'Indicativo',
    step: 1,
    options: dialCodeOptions,
    rules: [required(MEDICAL_REQUEST_REQUIRED_MESSAGE), dialCodeRule],
  },
  {
    name: 'mobile_number',
    type: 'tel',
    label: 'Número de celular',
    step: 1,
    rules: [required(MEDICAL_REQUEST_REQUIRED_MESSAGE), phoneRule],
  },
  {
    name: 'description',
    type: 'textarea',
    label: 'Descripción de los problemas',
    step: 1,
    rules: [required(MEDICAL_REQUEST_REQUIRED_MESSAGE), maxLength(MEDICAL_REQUEST_DESCRIPTION_MAX_LENGTH)],
  },
];

/**
 * What a request to the team is about (issue #19): medical attention (the form's own purpose), a custom product (a
 * formula the catalogue does not have), or a talk with an advisor (a patient without an invitation). The last two
 * come here when the country has no chat.
 */
export const MEDICAL_REQUEST_TOPICS = ['attention', 'custom_product', 'advisor'] as const;
export type MedicalRequestTopic = (typeof MEDICAL_REQUEST_TOPICS)[number];
export const MEDICAL_REQUEST_TOPIC_MESSAGE = 'El motivo debe ser atención médica, producto personalizado o asesor.';

/** `POST /medical-requests` body: every field is required but `topic` ('attention' when missing). `country_code` is the phone prefix ('+57'). */
export interface MedicalRequestInputDto {
  names: string;
  last_names: string;
  email: string;
  country_id: number;
  country_code: string;
  mobile_number: string;
  description: string;
  topic?: MedicalRequestTopic;
}

export const MEDICAL_REQUEST_STATUSES = ['new', 'contacted', 'closed'] as const;
export type MedicalRequestStatus = (typeof MEDICAL_REQUEST_STATUSES)[number];

export interface MedicalRequestDto extends Omit<MedicalRequestInputDto, 'topic'> {
  id: number;
  topic: MedicalRequestTopic;
  country_name: string;
  /** The admins' follow-up: new, contacted (someone called or wrote), closed. */
  status: MedicalRequestStatus;
  statusUpdatedAt: string | null;
  createdAt: string;
}

/** `GET /admin/medical-requests?page=&limit=`: newest first. */
export interface MedicalRequestListDto {
  data: MedicalRequestDto[];
  total: number;
  page: number;
  limit: number;
}

/** Product §3 "imageUrl (a placeholder as fallback)": the logo stands in for a product without a picture. */
export const TOOL_PLACEHOLDER_IMAGE_URL = '/icons/logo.svg';
