import { describe, expect, it } from 'vitest';
import {
  createPrescriptionSchema,
  createTemplateSchema,
  DECIMALS_MESSAGE,
  TEMPLATE_SOURCE_MESSAGE,
  toolsSchema,
} from './prescription-schemas';
import { schemaProblems } from '../../testing/schema-problems';

const tool = {
  productId: 7,
  momentsDay: [
    { id: 1, quantity: 1 },
    { id: 3, quantity: 0.5 },
  ],
  prescriptionDuration: { time: 'weeks', quantity: 2 },
  prescriptionIndications: ' Con agua. ',
  units: 2,
};

describe('toolsSchema', () => {
  it('reads numbers typed as text and sums the moments when no daily capsules are given', () => {
    expect(toolsSchema.parse([{ ...tool, productId: '7', units: '2', dailyCapsules: '' }])).toEqual([
      { ...tool, prescriptionIndications: 'Con agua.', dailyCapsules: 1.5 },
    ]);
    expect(toolsSchema.parse([{ ...tool, dailyCapsules: 3 }])[0]?.dailyCapsules).toBe(3);
    // The order the server's reader always gave: a prescription's Idempotency-Key digest is of this JSON.
    expect(Object.keys(toolsSchema.parse([tool])[0] ?? {})).toEqual([
      'productId',
      'momentsDay',
      'prescriptionDuration',
      'prescriptionIndications',
      'dailyCapsules',
      'units',
    ]);
  });

  it('keeps every bound of the builder, in Spanish, at each field', () => {
    expect(
      schemaProblems(toolsSchema, [
        {
          ...tool,
          productId: 0,
          momentsDay: [
            { id: 1, quantity: 1 },
            { id: 1, quantity: 1 },
            { id: 2, quantity: 0.333 },
            'x',
            { id: 4, quantity: 20.5 },
          ],
          prescriptionDuration: { time: 'months', quantity: 13 },
          prescriptionIndications: 'x'.repeat(1001),
          units: 100,
          dailyCapsules: 51,
        },
        {
          ...tool,
          productId: 8,
          prescriptionDuration: null,
          prescriptionIndications: 3,
          units: 1.5,
          dailyCapsules: -1,
        },
      ]),
    ).toEqual([
      ['0.productId', 'Elige un producto válido.'],
      ['0.momentsDay.1', 'Cada momento del día puede indicarse una sola vez.'],
      ['0.momentsDay.2.quantity', DECIMALS_MESSAGE],
      ['0.momentsDay.3', 'Elige un momento del día de la lista.'],
      ['0.momentsDay.4.quantity', 'La cantidad máxima por toma es 20.'],
      ['0.prescriptionDuration.quantity', 'La duración máxima es de 365 días.'],
      ['0.prescriptionIndications', 'Máximo 1000 caracteres.'],
      ['0.units', 'Puedes indicar como máximo 99 unidades.'],
      ['0.dailyCapsules', 'Puedes indicar como máximo 50 cápsulas diarias.'],
      ['1.prescriptionDuration', 'Indica la duración del tratamiento.'],
      ['1.prescriptionIndications', 'Escribe las notas como texto.'],
      ['1.units', 'Las unidades deben ser un número entero mayor que 0.'],
      ['1.dailyCapsules', 'Las cápsulas diarias deben ser mayores que 0.'],
    ]);
    expect(schemaProblems(toolsSchema, [null])).toEqual([
      ['0', 'Cada herramienta debe ser un objeto con sus indicaciones.'],
    ]);
    expect(schemaProblems(toolsSchema, undefined)).toEqual([['', 'Agrega al menos una herramienta.']]);
    expect(
      schemaProblems(
        toolsSchema,
        Array.from({ length: 31 }, () => tool),
      ),
    ).toEqual([['', 'Puedes indicar como máximo 30 herramientas.']]);
    expect(schemaProblems(toolsSchema, [tool, { ...tool }])).toEqual([
      ['1.productId', 'Este producto ya está en la lista: indícalo una sola vez.'],
    ]);
    // Twelve months are 360 days, within the year; thirteen are not (a month counts as 30 days).
    expect(
      schemaProblems(toolsSchema, [{ ...tool, prescriptionDuration: { time: 'months', quantity: 12 } }]),
    ).toBeUndefined();
    expect(schemaProblems(toolsSchema, [{ ...tool, notes: 'Línea 1\nLínea 2\tcon tabulación' }])).toBeUndefined();
    expect(schemaProblems(toolsSchema, [{ ...tool, prescriptionIndications: 'a\u0007' }])).toEqual([
      ['0.prescriptionIndications', 'Contiene caracteres no válidos.'],
    ]);
  });
});

describe('createPrescriptionSchema', () => {
  it('takes the patient by id, or by the key of its creation offline', () => {
    expect(createPrescriptionSchema.parse({ patientId: '12', tools: [tool] })).toMatchObject({
      patientId: 12,
      patientRef: null,
      notes: '',
      templateId: null,
    });
    expect(
      createPrescriptionSchema.parse({ patientRef: 'clave-paciente-1', tools: [tool], type: 'recommendation' }),
    ).toMatchObject({ patientId: null, patientRef: 'clave-paciente-1', type: 'recommendation' });
    expect(schemaProblems(createPrescriptionSchema, { patientRef: 'corta', tools: [tool] })).toEqual([
      ['patientId', 'Elige un paciente.'],
    ]);
    expect(
      schemaProblems(createPrescriptionSchema, { patientId: 1, tools: [tool], type: 'receta', templateId: 'x' }),
    ).toEqual([
      ['type', 'Valor no válido.'],
      ['templateId', 'La plantilla no es válida.'],
    ]);
  });
});

describe('createTemplateSchema', () => {
  it('is made from a prescription or from tools, not both, with a name', () => {
    expect(createTemplateSchema.parse({ name: ' Sueño ', prescriptionId: 4 })).toEqual({
      name: 'Sueño',
      prescriptionId: 4,
      tools: null,
    });
    expect(createTemplateSchema.parse({ name: 'Sueño', tools: [tool], notes: null })).toMatchObject({
      prescriptionId: null,
      notes: '',
    });
    expect(schemaProblems(createTemplateSchema, { name: '', tools: [{ ...tool, units: 0 }] })).toEqual([
      ['name', 'Campo obligatorio'],
      ['tools.0.units', 'Las unidades deben ser un número entero mayor que 0.'],
    ]);
    expect(schemaProblems(createTemplateSchema, { name: 'Sueño', prescriptionId: 4, tools: [tool] })).toEqual([
      ['tools', TEMPLATE_SOURCE_MESSAGE],
    ]);
    expect(schemaProblems(createTemplateSchema, { name: 'Sueño' })).toEqual([
      ['tools', 'Agrega al menos una herramienta.'],
    ]);
    expect(schemaProblems(createTemplateSchema, { name: 'Sueño', prescriptionId: 'una' })).toEqual([
      ['prescriptionId', 'La prescripción no es válida.'],
    ]);
  });
});
