// The Spanish messages of the admin forms' shared schemas (the library's documents in `upload-schemas.ts`, the
// rejection reasons in `admin-schemas.ts` and `affiliate-schemas.ts`) through the admin's catalogue, in the same words
// (the test pins each one).

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { messagesByText } from '../../lib/messages-by-text';
import { CONTROL_CHARACTERS_MESSAGE, maxLengthMessage, REQUIRED_FIELD_MESSAGE } from '../../lib/shared/field-schemas';
import {
  LIBRARY_DOCUMENT_DESCRIPTION_MAX_LENGTH,
  LIBRARY_DOCUMENT_TITLE_MAX_LENGTH,
} from '../../lib/shared/prescriptions';
import { DOCUMENT_COUNTRY_MESSAGE, DOCUMENT_KIND_MESSAGE } from '../../lib/shared/upload-schemas';
import { REJECTION_REASON_MAX_LENGTH } from '../../lib/shared/admin-schemas';
import { AFFILIATE_REJECTION_REASON_MAX_LENGTH } from '../../lib/shared/affiliate-schemas';

const maxLength = (count: number) => msg`Máximo ${count} caracteres.`;

const ADMIN_SCHEMA_MESSAGES: Record<string, MessageDescriptor> = {
  [REQUIRED_FIELD_MESSAGE]: msg`Campo obligatorio`,
  [CONTROL_CHARACTERS_MESSAGE]: msg`Contiene caracteres no válidos.`,
  [DOCUMENT_KIND_MESSAGE]: msg`Selecciona una categoría válida.`,
  [DOCUMENT_COUNTRY_MESSAGE]: msg`Selecciona un país válido o «Todos los países».`,
  [maxLengthMessage(LIBRARY_DOCUMENT_TITLE_MAX_LENGTH)]: maxLength(LIBRARY_DOCUMENT_TITLE_MAX_LENGTH),
  [maxLengthMessage(LIBRARY_DOCUMENT_DESCRIPTION_MAX_LENGTH)]: maxLength(LIBRARY_DOCUMENT_DESCRIPTION_MAX_LENGTH),
  [maxLengthMessage(REJECTION_REASON_MAX_LENGTH)]: maxLength(REJECTION_REASON_MAX_LENGTH),
  [maxLengthMessage(AFFILIATE_REJECTION_REASON_MAX_LENGTH)]: maxLength(AFFILIATE_REJECTION_REASON_MAX_LENGTH),
};

/** A message of an admin form's shared schema as the form shows it. */
export const adminSchemaMessage = messagesByText(ADMIN_SCHEMA_MESSAGES);
