import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE, maxLengthMessage, REQUIRED_FIELD_MESSAGE } from '../../lib/shared/field-schemas';
import * as prescriptionSchemas from '../../lib/shared/prescription-schemas';
import {
  INDICATIONS_MAX_LENGTH,
  PRESCRIPTION_NOTES_MAX_LENGTH,
  TEMPLATE_NAME_MAX_LENGTH,
} from '../../lib/shared/prescriptions';
import { buildProduct } from '../../testing/data';
import { setMomentQuantity, toggleMoment, toolFromProduct } from './draft-rules';
import { notesError, prescriptionSchemaMessage, templateNameError, toolErrors } from './tool-checks';

const magnesium = buildProduct({ id: 1, name: 'Magnesio' });
const BODY_MESSAGES = new Set<string>([
  prescriptionSchemas.NO_TOOLS_MESSAGE,
  prescriptionSchemas.TOO_MANY_TOOLS_MESSAGE,
  prescriptionSchemas.TOOL_OBJECT_MESSAGE,
  prescriptionSchemas.TOOL_PRODUCT_MESSAGE,
  prescriptionSchemas.REPEATED_PRODUCT_MESSAGE,
  prescriptionSchemas.PATIENT_CHOICE_MESSAGE,
  prescriptionSchemas.TEMPLATE_CHOICE_MESSAGE,
  prescriptionSchemas.PRESCRIPTION_CHOICE_MESSAGE,
  prescriptionSchemas.TEMPLATE_SOURCE_MESSAGE,
]);

describe('the indications’ checks', () => {
  it('flags every missing or out-of-bounds field', () => {
    const tool = {
      ...toolFromProduct(magnesium),
      units: 0,
      prescriptionDuration: { time: 'months' as const, quantity: 13 },
    };
    expect(Object.keys(toolErrors(tool)).sort()).toEqual(['duration', 'momentsDay', 'units']);
    const fixed = {
      ...setMomentQuantity(toggleMoment(tool, 3), 3, 1.5),
      units: 2,
      prescriptionDuration: { time: 'months' as const, quantity: 2 },
    };
    expect(toolErrors(fixed)).toEqual({});
    expect(toolErrors(setMomentQuantity(fixed, 3, 0)).momentsDay).toBe('La cantidad debe ser mayor que 0.');
    // The server's own rules: a month counts 30 days (twelve fit in the year), notes without control characters.
    expect(toolErrors(tool)).toMatchObject({
      duration: 'La duración máxima es de 365 días.',
      units: 'Las unidades deben ser un número entero mayor que 0.',
    });
    expect(toolErrors({ ...fixed, prescriptionDuration: { time: 'months', quantity: 12 } })).toEqual({});
    expect(toolErrors({ ...fixed, prescriptionIndications: 'a\u0007' })).toEqual({
      prescriptionIndications: 'Contiene caracteres no válidos.',
    });
    expect(notesError('x'.repeat(2001))).toBe('Máximo 2000 caracteres.');
    expect(notesError(' Tomar con agua. ')).toBeUndefined();
  });

  it('checks a template’s name with the server’s schema', () => {
    expect(templateNameError('  ')).toBe('Campo obligatorio');
    expect(templateNameError('x'.repeat(TEMPLATE_NAME_MAX_LENGTH + 1))).toBe('Máximo 120 caracteres.');
    expect(templateNameError('Fatiga\u0007')).toBe('Contiene caracteres no válidos.');
    // Trimmed first, as the server does: the spaces around a full-length name do not count.
    expect(templateNameError(` ${'x'.repeat(TEMPLATE_NAME_MAX_LENGTH)} `)).toBeUndefined();
  });

  it('has a catalogue entry, in the same words, for every message of the shared tool schema', () => {
    const messages = [
      ...Object.entries(prescriptionSchemas)
        .filter(([name]) => name.endsWith('_MESSAGE'))
        .map(([, message]) => message as string)
        // The body's own messages, not a tool's: the builder never sends them wrong.
        .filter((message) => !BODY_MESSAGES.has(message)),
      CONTROL_CHARACTERS_MESSAGE,
      maxLengthMessage(INDICATIONS_MAX_LENGTH),
      maxLengthMessage(PRESCRIPTION_NOTES_MAX_LENGTH),
      // A template's name.
      REQUIRED_FIELD_MESSAGE,
      maxLengthMessage(TEMPLATE_NAME_MAX_LENGTH),
    ];
    expect(messages.length).toBeGreaterThan(15);
    for (const message of messages) {
      const descriptor = prescriptionSchemaMessage(message);
      expect(descriptor.id, message).not.toBe(message);
      const text = (descriptor.message ?? '').replace(/\{(\w+)\}/g, (_, name: string) =>
        String(descriptor.values?.[name]),
      );
      expect(text, message).toBe(message);
    }
  });
});
