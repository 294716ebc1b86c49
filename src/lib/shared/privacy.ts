// Data rights contract shared by the storefront and the server: the express consent for health data (its texts per
// country, versioned by the server), the access (export) and deletion of an account, and their wire shapes.
import type { Role } from './accounts';
import type { CountryCode } from './countries';

/** Contact of the data protection officer: named once, used by the consent texts and the legal pages. */
export const PRIVACY_EMAIL = 'datospersonales@dispensariofuncional.com';

/** What a consent record is about: the user's own health data, or a professional's attestation for a patient. */
export const CONSENT_PURPOSES = ['health_data', 'patient_attestation'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export const CONSENT_ACTIONS = ['granted', 'revoked'] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];

/**
 * The account's health-data consent: `current` (the latest text accepted), `outdated` (an older text accepted: asked
 * again), `missing` (never given: accounts older than this rule), `revoked` (withdrawn by the user).
 */
export const HEALTH_CONSENT_STATES = ['current', 'outdated', 'missing', 'revoked'] as const;
export type HealthConsentState = (typeof HEALTH_CONSENT_STATES)[number];

/** A patient of the register: consent attested by the professional, confirmed by the patient, or revoked. */
export const PATIENT_CONSENT_STATES = ['attested', 'confirmed', 'revoked'] as const;
export type PatientConsentState = (typeof PATIENT_CONSENT_STATES)[number];

export const HEALTH_CONSENT_TITLE = 'Autorización para el tratamiento de datos de salud';

/**
 * The text each country's law asks for sensitive data: who processes, for what, the holder's rights, how to revoke.
 * Changing a text makes the server store a new version, and users who accepted the older one are asked again.
 */
export const HEALTH_CONSENT_TEXTS: Record<CountryCode, string> = {
  co:
    'Autorizo de manera previa, expresa e informada a Dispensario Funcional, responsable del tratamiento, para ' +
    'recolectar, almacenar, usar y circular mis datos de salud, que son datos sensibles según el artículo 5 de la ' +
    'Ley 1581 de 2012: las prescripciones y recomendaciones que reciba, los productos de salud que compre y las ' +
    'fórmulas y documentos que cargue. La finalidad es dispensar lo que mi profesional de la salud me prescriba o ' +
    'recomiende, validar las fórmulas, atender mis pedidos y permitir el seguimiento de mi profesional. Sé que no ' +
    'estoy obligado(a) a autorizar el tratamiento de datos sensibles. Como titular tengo derecho a conocer, ' +
    'actualizar, rectificar y suprimir mis datos, a pedir prueba de esta autorización, a saber el uso que se les da ' +
    'y a presentar quejas ante la Superintendencia de Industria y Comercio (Ley 1581 de 2012 y Decreto 1377 de 2013). ' +
    `Puedo revocar esta autorización en cualquier momento en Mi cuenta › Datos personales o escribiendo a ${PRIVACY_EMAIL}; ` +
    'la revocación no afecta el tratamiento ya realizado ni los datos que la ley obliga a conservar.',
  mx:
    'Otorgo mi consentimiento expreso a Dispensario Funcional, responsable del tratamiento, para tratar mis datos ' +
    'personales sensibles de salud conforme a la Ley Federal de Protección de Datos Personales en Posesión de los ' +
    'Particulares: las prescripciones y recomendaciones que reciba, los productos de salud que compre y las fórmulas ' +
    'y documentos que cargue. La finalidad es surtir lo que mi profesional de la salud me prescriba o recomiende, ' +
    'validar las fórmulas, atender mis pedidos y permitir el seguimiento de mi profesional. Puedo ejercer mis ' +
    'derechos de acceso, rectificación, cancelación y oposición (ARCO) y acudir a la autoridad de protección de ' +
    'datos personales competente. ' +
    `Puedo revocar este consentimiento en cualquier momento en Mi cuenta › Datos personales o escribiendo a ${PRIVACY_EMAIL}; ` +
    'la revocación no tiene efectos retroactivos ni alcanza los datos que la ley obliga a conservar.',
  pe:
    'Otorgo mi consentimiento previo, informado, expreso e inequívoco, y por escrito, a Dispensario Funcional, ' +
    'titular del banco de datos, para tratar mis datos sensibles de salud conforme a la Ley N.° 29733, Ley de ' +
    'Protección de Datos Personales, y su reglamento: las prescripciones y recomendaciones que reciba, los productos ' +
    'de salud que compre y las fórmulas y documentos que cargue. La finalidad es dispensar lo que mi profesional de ' +
    'la salud me prescriba o recomiende, validar las fórmulas, atender mis pedidos y permitir el seguimiento de mi ' +
    'profesional. Puedo ejercer mis derechos de información, acceso, rectificación, cancelación y oposición, y ' +
    'presentar una reclamación ante la Autoridad Nacional de Protección de Datos Personales. ' +
    `Puedo revocar este consentimiento en cualquier momento en Mi cuenta › Datos personales o escribiendo a ${PRIVACY_EMAIL}; ` +
    'la revocación no afecta el tratamiento ya realizado ni los datos que la ley obliga a conservar.',
};

/** The registration checkbox: its own, unticked, apart from the terms. */
export const HEALTH_CONSENT_FIELD = 'health_data_consent';
export const HEALTH_CONSENT_LABEL = 'Autorizo el tratamiento de mis datos de salud (datos sensibles)';
export const HEALTH_CONSENT_REQUIRED_MESSAGE =
  'Debes autorizar el tratamiento de tus datos de salud para registrarte: sin ella no podemos atender tus prescripciones.';

/** The patient form's attestation by the professional (`POST /patients`). */
export const PATIENT_ATTESTATION_FIELD = 'consent_attested';
export const PATIENT_ATTESTATION_MESSAGE =
  'Confirma que tienes la autorización del paciente para registrar sus datos de salud.';

/** What revocation stops, and what a refused write answers meanwhile. */
export const CONSENT_REVOKED_MESSAGE =
  'Revocaste la autorización para tratar tus datos de salud: vuelve a otorgarla en Mi cuenta › Datos personales para continuar.';
export const PATIENT_CONSENT_REVOKED_MESSAGE =
  'Este paciente revocó la autorización para tratar sus datos de salud: no se le pueden emitir nuevas prescripciones.';

export const WRONG_PASSWORD_MESSAGE = 'La contraseña no es correcta.';
export const DELETION_CONFIRMATION_WORD = 'ELIMINAR';

/** `GET /privacy/consent`: the account's state and the text to accept now. */
export interface HealthConsentDto {
  state: HealthConsentState;
  country: CountryCode;
  /** The version in force for the account's country, and its text. */
  version: number;
  title: string;
  text: string;
  /** The version the user last accepted; null when never or revoked. */
  acceptedVersion: number | null;
  acceptedAt: string | null;
}

/** One row of the account's consent history (`GET /privacy/consents`, and the export). */
export interface ConsentRecordDto {
  id: number;
  purpose: ConsentPurpose;
  action: ConsentAction;
  country: CountryCode;
  version: number;
  recordedAt: string;
  /** `self`: the user; `professional`: a professional's attestation when registering the patient. */
  recordedBy: 'self' | 'professional';
  client: string | null;
}

/** `GET /admin/account-deletions`: what admins see of the deletions (no personal data is left to show). */
export interface AccountDeletionDto {
  id: number;
  /** The anonymised account's uid, to find its kept orders. */
  uid: string;
  role: Role;
  country: CountryCode;
  deletedAt: string;
  keptOrders: number;
  keptPrescriptions: number;
}

/** `POST /privacy/delete-account` (checked by `deleteAccountSchema` in `privacy-schemas.ts`). */
export interface DeleteAccountInput {
  password: string;
  confirmation: typeof DELETION_CONFIRMATION_WORD;
}

/** The export's file name for a user: no personal data in it. */
export function exportFileName(uid: string, date: Date): string {
  return `mis-datos-${uid}-${date.toISOString().slice(0, 10)}.zip`;
}
