// The indications' checks (product §3): the server's own schema, in the language of the screen. A module of its own,
// with zod, so that the builder's first steps (the patient, the tools) load without it (`lazy-tool-checks.ts`).

import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CONTROL_CHARACTERS_MESSAGE, maxLengthMessage, REQUIRED_FIELD_MESSAGE } from '../../lib/shared/field-schemas';
import {
  DAILY_CAPSULES_MAX_MESSAGE,
  DECIMALS_MESSAGE,
  DURATION_MAX_MESSAGE,
  DURATION_UNIT_MESSAGE,
  MOMENT_CHOICE_MESSAGE,
  MOMENT_MAX_QUANTITY_MESSAGE,
  NO_DURATION_MESSAGE,
  NO_MOMENT_MESSAGE,
  notesField,
  NOTES_TYPE_MESSAGE,
  POSITIVE_DAILY_CAPSULES_MESSAGE,
  POSITIVE_DURATION_MESSAGE,
  POSITIVE_QUANTITY_MESSAGE,
  POSITIVE_UNITS_MESSAGE,
  REPEATED_MOMENT_MESSAGE,
  templateNameSchema,
  toolSchema,
  UNITS_MAX_MESSAGE,
} from '../../lib/shared/prescription-schemas';
import {
  DURATION_MAX_DAYS,
  INDICATIONS_MAX_LENGTH,
  MOMENT_MAX_QUANTITY,
  PRESCRIPTION_NOTES_MAX_LENGTH,
  TEMPLATE_NAME_MAX_LENGTH,
  TOOL_MAX_DAILY_CAPSULES,
  TOOL_MAX_UNITS,
} from '../../lib/shared/prescriptions';
import { messagesByText } from '../../lib/messages-by-text';
import type { DraftTool } from './draft';

type ToolField = 'momentsDay' | 'duration' | 'dailyCapsules' | 'units' | 'prescriptionIndications';
type ToolErrors = Partial<Record<ToolField, string>>;

/**
 * The shared schema's Spanish messages through the catalogue, in the same words (the rules' test pins each one); one
 * without an entry is shown as the schema says it.
 */
const SCHEMA_MESSAGES: Record<string, MessageDescriptor> = {
  [NO_MOMENT_MESSAGE]: msg`Elige al menos un momento del día.`,
  [MOMENT_CHOICE_MESSAGE]: msg`Elige un momento del día de la lista.`,
  [REPEATED_MOMENT_MESSAGE]: msg`Cada momento del día puede indicarse una sola vez.`,
  [POSITIVE_QUANTITY_MESSAGE]: msg`La cantidad debe ser mayor que 0.`,
  [MOMENT_MAX_QUANTITY_MESSAGE]: msg`La cantidad máxima por toma es ${MOMENT_MAX_QUANTITY}.`,
  [DECIMALS_MESSAGE]: msg`Usa como máximo dos decimales.`,
  [NO_DURATION_MESSAGE]: msg`Indica la duración del tratamiento.`,
  [DURATION_UNIT_MESSAGE]: msg`La duración se indica en días, semanas o meses.`,
  [POSITIVE_DURATION_MESSAGE]: msg`La duración debe ser un número entero mayor que 0.`,
  [DURATION_MAX_MESSAGE]: msg`La duración máxima es de ${DURATION_MAX_DAYS} días.`,
  [POSITIVE_UNITS_MESSAGE]: msg`Las unidades deben ser un número entero mayor que 0.`,
  [UNITS_MAX_MESSAGE]: msg`Puedes indicar como máximo ${TOOL_MAX_UNITS} unidades.`,
  [POSITIVE_DAILY_CAPSULES_MESSAGE]: msg`Las cápsulas diarias deben ser mayores que 0.`,
  [DAILY_CAPSULES_MAX_MESSAGE]: msg`Puedes indicar como máximo ${TOOL_MAX_DAILY_CAPSULES} cápsulas diarias.`,
  [NOTES_TYPE_MESSAGE]: msg`Escribe las notas como texto.`,
  [CONTROL_CHARACTERS_MESSAGE]: msg`Contiene caracteres no válidos.`,
  [REQUIRED_FIELD_MESSAGE]: msg`Campo obligatorio`,
  ...Object.fromEntries(
    [INDICATIONS_MAX_LENGTH, PRESCRIPTION_NOTES_MAX_LENGTH, TEMPLATE_NAME_MAX_LENGTH].map((count) => [
      maxLengthMessage(count),
      msg`Máximo ${count} caracteres.`,
    ]),
  ),
};

/** A message of the shared schema as the builder shows it. */
export const prescriptionSchemaMessage = messagesByText(SCHEMA_MESSAGES);

/** Where the builder shows a problem of the schema's field (the duration's unit and quantity share one control). */
const TOOL_FIELDS: Record<string, ToolField> = {
  momentsDay: 'momentsDay',
  prescriptionDuration: 'duration',
  dailyCapsules: 'dailyCapsules',
  units: 'units',
  prescriptionIndications: 'prescriptionIndications',
};

/**
 * Product §3 indications, checked with the server's own schema: one message per control, the first problem found,
 * in the language of the screen.
 */
export function toolErrors(tool: DraftTool): ToolErrors {
  const errors: ToolErrors = {};
  const parsed = toolSchema.safeParse({
    productId: tool.productId,
    momentsDay: tool.momentsDay.map(({ id, quantity }) => ({ id, quantity })),
    prescriptionDuration: tool.prescriptionDuration,
    prescriptionIndications: tool.prescriptionIndications,
    dailyCapsules: tool.dailyCapsules,
    units: tool.units,
  });
  for (const issue of parsed.error?.issues ?? []) {
    const field = TOOL_FIELDS[String(issue.path[0])];
    if (field) errors[field] ??= i18n._(prescriptionSchemaMessage(issue.message));
  }
  return errors;
}

export function toolIsComplete(tool: DraftTool): boolean {
  return Object.keys(toolErrors(tool)).length === 0;
}

const prescriptionNotesSchema = notesField(PRESCRIPTION_NOTES_MAX_LENGTH);

/** The observations of the prescription, checked as the server does. */
export function notesError(notes: string): string | undefined {
  const issue = prescriptionNotesSchema.safeParse(notes).error?.issues[0];
  return issue && i18n._(prescriptionSchemaMessage(issue.message));
}

/** The name of a template to save, checked as `POST /prescription-templates` does. */
export function templateNameError(name: string): string | undefined {
  const issue = templateNameSchema.safeParse(name).error?.issues[0];
  return issue && i18n._(prescriptionSchemaMessage(issue.message));
}
