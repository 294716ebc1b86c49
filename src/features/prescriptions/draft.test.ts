import { describe, expect, it } from 'vitest';
import {
  DURATION_UNITS,
  MOMENTS,
  PRESCRIPTION_TYPES,
  TOOL_PLACEHOLDER_IMAGE_URL,
} from '../../lib/shared/prescriptions';
import {
  createDraft,
  draftKey,
  DRAFT_DURATION_UNITS,
  DRAFT_MOMENT_IDS,
  DRAFT_PLACEHOLDER_IMAGE_URL,
  DRAFT_TYPES,
  parsePrescriptionDraft,
  parsePrescriptionDrafts,
  type DraftTool,
} from './draft';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function tool(overrides: Partial<DraftTool> = {}): DraftTool {
  return {
    productId: 1,
    name: 'Magnesio',
    slug: 'magnesio',
    description: 'Magnesio quelado.',
    tag: 'Sueño',
    capsuleInfo: '1 cápsula = 400 mg',
    hasStock: true,
    imageUrl: '/api/media/products/magnesio.svg',
    category: { id: 1, name: 'Vitaminas y minerales', slug: 'vitaminas-y-minerales' },
    presentation: 'Frasco x 60 cápsulas',
    containerQuantity: 60,
    momentsDay: [{ id: 10, quantity: 2, value: 'Antes de dormir' }],
    prescriptionDuration: { time: 'months', quantity: 2 },
    prescriptionIndications: 'Con agua.',
    dailyCapsules: null,
    units: 2,
    ...overrides,
  };
}

describe('the draft’s copy of the contract', () => {
  it('says what lib/shared/prescriptions says', () => {
    expect(DRAFT_MOMENT_IDS).toEqual(MOMENTS.map((moment) => moment.id));
    expect(DRAFT_DURATION_UNITS).toEqual([...DURATION_UNITS]);
    expect(DRAFT_TYPES).toEqual([...PRESCRIPTION_TYPES]);
    expect(DRAFT_PLACEHOLDER_IMAGE_URL).toBe(TOOL_PLACEHOLDER_IMAGE_URL);
  });
});

describe('draftKey', () => {
  it('keeps one draft per professional and country', () => {
    expect(draftKey('uid-1', 'co')).not.toBe(draftKey('uid-1', 'mx'));
    expect(draftKey('uid-1', 'co')).not.toBe(draftKey('uid-2', 'co'));
  });
});

describe('createDraft', () => {
  it('starts at step 1 with its own idempotency key', () => {
    const first = createDraft('prescription');
    const second = createDraft('prescription');
    expect(first.step).toBe(1);
    expect(first.idempotencyKey).toMatch(UUID);
    expect(first.idempotencyKey).not.toBe(second.idempotencyKey);
  });
});

describe('parsePrescriptionDraft', () => {
  it('keeps a sound draft as it was', () => {
    const draft = {
      ...createDraft('prescription'),
      step: 3 as const,
      patient: { id: 5, name: 'Mariana Gómez', email: 'm@correo.test', documentNumber: '52345674' },
      functionalTools: [tool()],
      selectedTool: 1,
      notes: 'Control en 8 semanas',
    };
    expect(parsePrescriptionDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
  });

  it('rejects what is not a record', () => {
    expect(parsePrescriptionDraft(null)).toBeUndefined();
    expect(parsePrescriptionDraft('borrador')).toBeUndefined();
    expect(parsePrescriptionDraft([1, 2])).toBeUndefined();
  });

  it('repairs a corrupted record field by field', () => {
    const key = createDraft('prescription').idempotencyKey;
    const parsed = parsePrescriptionDraft({
      step: 'cuatro',
      patient: { id: 5, name: 'Mariana', email: 42 },
      selectedTool: 999,
      functionalTools: [
        tool({ productId: 1 }),
        { productId: 'x' },
        'basura',
        tool({ productId: 1, name: 'repetida' }),
        {
          ...tool({ productId: 2 }),
          momentsDay: [
            { id: 99, quantity: 1 },
            { id: 3, quantity: -4, value: 'Con el desayuno' },
            { id: 3, quantity: 1 },
            { id: 1, quantity: 1, value: 'En ayunas' },
          ],
          prescriptionDuration: { time: 'años', quantity: 2.5 },
          units: 'dos',
          dailyCapsules: -1,
          imageUrl: 7,
          hasStock: 'no sé',
        },
      ],
      prescriptionType: 'receta',
      suggestionTools: ['«DHEA» ya no se vende.', 7],
      prescriptionFile: 12,
      prescriptionCreated: { id: 'x' },
      notes: { texto: 'no' },
      idempotencyKey: key,
    });
    expect(parsed).toBeDefined();
    if (!parsed) return;
    expect(parsed.step).toBe(1);
    expect(parsed.patient).toEqual({ id: 5, name: 'Mariana', email: '', documentNumber: null });
    expect(parsed.prescriptionType).toBe('prescription');
    expect(parsed.functionalTools.map((item) => item.productId)).toEqual([1, 2]);
    const second = parsed.functionalTools[1];
    // Unknown moments and repeated ids go; the day's order is restored; a negative quantity becomes 0 (then flagged).
    expect(second?.momentsDay).toEqual([
      { id: 1, quantity: 1, value: 'En ayunas' },
      { id: 3, quantity: 0, value: 'Con el desayuno' },
    ]);
    expect(second?.prescriptionDuration).toEqual({ time: 'days', quantity: 0 });
    expect(second?.units).toBe(1);
    expect(second?.dailyCapsules).toBeNull();
    expect(second?.imageUrl).toBe('/icons/logo.svg');
    expect(second?.hasStock).toBe(true);
    expect(parsed.selectedTool).toBe(1);
    expect(parsed.suggestionTools).toEqual(['«DHEA» ya no se vende.']);
    expect(parsed.prescriptionFile).toBeNull();
    expect(parsed.prescriptionCreated).toBeNull();
    expect(parsed.notes).toBe('');
    expect(parsed.idempotencyKey).toBe(key);
  });

  it('never lets a step point past what the draft has', () => {
    const base = createDraft('prescription');
    expect(parsePrescriptionDraft({ ...base, step: 4 })?.step).toBe(1);
    const withPatient = { ...base, patient: { id: 5, name: 'M', email: 'm@x.co', documentNumber: null } };
    expect(parsePrescriptionDraft({ ...withPatient, step: 4 })?.step).toBe(2);
    expect(parsePrescriptionDraft({ ...withPatient, step: 9, functionalTools: [tool()] })?.step).toBe(4);
  });

  it('drops hormones and professional-use tools from a recommendation', () => {
    const parsed = parsePrescriptionDraft({
      ...createDraft('recommendation'),
      functionalTools: [
        tool({ productId: 1 }),
        tool({ productId: 40, category: { id: 4, name: 'Hormonas', slug: 'hormonas-bioidenticas' } }),
        tool({ productId: 50, category: { id: 5, name: 'Uso profesional', slug: 'uso-profesional' } }),
      ],
    });
    expect(parsed?.functionalTools.map((item) => item.productId)).toEqual([1]);
  });

  it('makes a new key when the stored one is lost or not a UUID', () => {
    expect(parsePrescriptionDraft({ idempotencyKey: 'abc' })?.idempotencyKey).toMatch(UUID);
    expect(parsePrescriptionDraft({})?.idempotencyKey).toMatch(UUID);
  });
});

describe('parsePrescriptionDrafts', () => {
  it('repairs each draft on its own: a corrupt one does not cost the others', () => {
    const good = createDraft('prescription');
    const parsed = parsePrescriptionDrafts({ 'uid-1:co': good, 'uid-1:mx': 'roto', 'uid-2:co': { step: 2 } });
    expect(Object.keys(parsed ?? {})).toEqual(['uid-1:co', 'uid-2:co']);
    expect(parsed?.['uid-1:co']).toEqual(good);
    expect(parsed?.['uid-2:co']?.step).toBe(1);
    expect(parsePrescriptionDrafts(null)).toBeUndefined();
  });
});
