// The zod schemas of the multipart uploads (issue #20): the library's documents and the credentials (a professional's
// documents, a buyer's hormone prescription). The server reads the form's fields with them (`form:` of a route's
// options); what a file holds (its type by its first bytes, its size) the route checks as it stores it.
import { CREDENTIAL_DOCUMENT_TYPES, CREDENTIAL_MAX_FILES } from './accounts';
import { countryById } from './countries';
import { givenText, optionalText, orRequired, queryOneOf, REQUIRED_FIELD_MESSAGE, requiredText } from './field-schemas';
import { HORMONE_PRESCRIPTION_DOCUMENT_TYPE } from './orders';
import {
  DOCUMENT_KINDS,
  LIBRARY_DOCUMENT_DESCRIPTION_MAX_LENGTH,
  LIBRARY_DOCUMENT_TITLE_MAX_LENGTH,
} from './prescriptions';
import { z } from './zod';

const USER_ID_MAX_LENGTH = 64;
const DOCUMENT_TYPE_MAX_LENGTH = 60;
const CONTACT_NUMBER_MAX_LENGTH = 30;
const DIAL_CODE_MAX_LENGTH = 5;
const PHONE_SEPARATORS = /[\s\-().]/g;
const CONTACT_NUMBER_PATTERN = /^[0-9]{7,15}$/;
const DIAL_CODE_PATTERN = /^\+[0-9]{1,4}$/;

export const DOCUMENT_KIND_MESSAGE = 'Selecciona una categoría válida.';
export const DOCUMENT_COUNTRY_MESSAGE = 'Selecciona un país válido o «Todos los países».';
export const CREDENTIAL_DOCUMENT_TYPE_MESSAGE = 'Selecciona un tipo de documento válido.';
export const PRESCRIPTION_SINGLE_FILE_MESSAGE = 'Adjunta un solo archivo con la fórmula firmada.';
export const TOO_MANY_FILES_MESSAGE = `Puedes subir como máximo ${CREDENTIAL_MAX_FILES} archivos.`;
export const CONTACT_NUMBER_MESSAGE = 'El número debe tener entre 7 y 15 dígitos.';
export const DIAL_CODE_MESSAGE = 'El indicativo del país no es válido.';

/** A file that was sent and is not empty (a form's empty file input sends an empty one). */
const isFile = (value: unknown): value is File => value instanceof File && value.size > 0;

// Plain transforms: they run for a missing field too, which is then "not sent".
const requiredFile = z.transform((raw: unknown, ctx): File => {
  if (isFile(raw)) return raw;
  ctx.issues.push({ code: 'custom', message: REQUIRED_FIELD_MESSAGE, input: raw });
  return z.NEVER;
});
const optionalFile = z.transform((raw: unknown) => (isFile(raw) ? raw : undefined));

/** `countryId` of a library document: one of the store's, or none (every country). */
const documentCountry = z.transform((raw: unknown, ctx): number | null => {
  const text = givenText(raw);
  if (text === undefined) return null;
  const country = typeof text === 'string' ? countryById(Number(text)) : undefined;
  if (country) return country.countryId;
  ctx.issues.push({ code: 'custom', message: DOCUMENT_COUNTRY_MESSAGE, input: raw });
  return z.NEVER;
});

/** `GET /documents?kind=`: one kind of the library's documents, or all. */
export const libraryQuerySchema = z.object({ kind: queryOneOf('kind', DOCUMENT_KINDS) });

/** A document of the professionals' library: every problem is reported at once. */
const libraryDocumentFields = {
  kind: z.preprocess(givenText, z.enum(DOCUMENT_KINDS, { error: orRequired(DOCUMENT_KIND_MESSAGE) })),
  title: requiredText(LIBRARY_DOCUMENT_TITLE_MAX_LENGTH),
  description: optionalText(LIBRARY_DOCUMENT_DESCRIPTION_MAX_LENGTH).transform((text) => text ?? ''),
  countryId: documentCountry,
};

/** `POST /admin/documents`: a new document, its file included. */
export const newLibraryDocumentSchema = z.object({ ...libraryDocumentFields, file: requiredFile });

/** `PUT /admin/documents/{id}`: the document's fields, and a new file or none (the one it has stays). */
export const libraryDocumentChangesSchema = z.object({ ...libraryDocumentFields, file: optionalFile });

/**
 * The files of a credential upload, under `files` (or `files[]`) and `file`; values that are not files are ignored
 * (an empty file is kept: the route refuses it for its type).
 */
const uploadedFiles = (form: Record<string, unknown>) =>
  [form.files, form.file]
    .flatMap((value) => (Array.isArray(value) ? (value as unknown[]) : [value]))
    .filter((value) => value instanceof File);

const isPrescription = (documentType: unknown) => documentType === HORMONE_PRESCRIPTION_DOCUMENT_TYPE;

/**
 * `POST /credentials`: a professional's documents (type, contact number and up to `CREDENTIAL_MAX_FILES` files) or a
 * buyer's hormone prescription (`formula-hormonal`: one file, the contact number optional). Whether the user may
 * upload them (their own account, a professional's documents) the route says.
 */
export const credentialUploadSchema = z.preprocess(
  (form) =>
    typeof form === 'object' && form !== null
      ? { ...form, files: uploadedFiles(form as Record<string, unknown>) }
      : form,
  z
    .object({
      userId: requiredText(USER_ID_MAX_LENGTH),
      files: z
        .array(z.instanceof(File))
        .min(1, { error: REQUIRED_FIELD_MESSAGE })
        .max(CREDENTIAL_MAX_FILES, { error: TOO_MANY_FILES_MESSAGE }),
      documentType: requiredText(DOCUMENT_TYPE_MAX_LENGTH).refine(
        (type) => isPrescription(type) || (CREDENTIAL_DOCUMENT_TYPES as readonly string[]).includes(type),
        { error: CREDENTIAL_DOCUMENT_TYPE_MESSAGE },
      ),
      contactNumber: optionalText(CONTACT_NUMBER_MAX_LENGTH)
        .transform((number) => number?.replace(PHONE_SEPARATORS, ''))
        .refine((number) => number === undefined || CONTACT_NUMBER_PATTERN.test(number), {
          error: CONTACT_NUMBER_MESSAGE,
        }),
      countryCode: optionalText(DIAL_CODE_MAX_LENGTH).refine(
        (code) => code === undefined || DIAL_CODE_PATTERN.test(code),
        { error: DIAL_CODE_MESSAGE },
      ),
    })
    // Checks across fields, judged even when other fields were refused so every problem shows at once.
    .superRefine(
      (upload, ctx) => {
        const prescription = isPrescription(upload.documentType);
        // An order's prescription is one file: the admin's review shows that file, and only it.
        if (prescription && Array.isArray(upload.files) && upload.files.length > 1) {
          ctx.addIssue({ code: 'custom', path: ['files'], message: PRESCRIPTION_SINGLE_FILE_MESSAGE });
        }
        if (!prescription && upload.contactNumber === undefined) {
          ctx.addIssue({ code: 'custom', path: ['contactNumber'], message: REQUIRED_FIELD_MESSAGE });
        }
      },
      { when: () => true },
    ),
);
