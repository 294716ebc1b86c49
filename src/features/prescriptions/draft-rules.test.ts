import { describe, expect, it } from 'vitest';
import type { ProductDto } from '../../lib/shared/api-types';
import type { PrescriptionToolInputDto, TemplateDto } from '../../lib/shared/prescriptions';
import { buildProduct } from '../../testing/data';
import { buildTemplateTool } from '../../testing/handlers/prescriptions';
import { createDraft, type PrescriptionDraft } from './draft';
import {
  applyTemplate,
  dailyCapsulesOf,
  reachableStep,
  requestFromDraft,
  setMomentQuantity,
  shortfallSignature,
  shortTools,
  suggestedUnits,
  toggleMoment,
  toggleTool,
  toolFromProduct,
} from './draft-rules';
import { toolIsComplete } from './tool-checks';

const patient = { id: 5, name: 'Mariana Gómez', email: 'm@correo.test', documentNumber: '52345674' };
const hormone = buildProduct({
  id: 40,
  name: 'Progesterona 100 mg',
  category_id: 4,
  category: { id: 4, name: 'Hormonas bioidénticas', slug: 'hormonas-bioidenticas' },
});
const magnesium = buildProduct({ id: 1, name: 'Magnesio' });
function withIndications(draft: PrescriptionDraft): PrescriptionDraft {
  return {
    ...draft,
    functionalTools: draft.functionalTools.map((tool) => ({
      ...toggleMoment(tool, 10),
      prescriptionDuration: { time: 'months', quantity: 2 },
      units: 2,
    })),
  };
}

describe('toggleTool', () => {
  it('adds and removes a tool, keeping the selection on a tool that is there', () => {
    const added = toggleTool(createDraft('prescription'), magnesium);
    expect(added.functionalTools.map((tool) => tool.productId)).toEqual([1]);
    expect(added.selectedTool).toBe(1);
    const removed = toggleTool(added, magnesium);
    expect(removed.functionalTools).toEqual([]);
    expect(removed.selectedTool).toBeNull();
  });

  it('lets doctors prescribe hormones but not health professionals recommend them', () => {
    expect(toggleTool(createDraft('prescription'), hormone).functionalTools).toHaveLength(1);
    const recommendation = createDraft('recommendation');
    expect(toggleTool(recommendation, hormone)).toBe(recommendation);
  });
});

describe('indications', () => {
  it('sums the moments as daily capsules unless given, and suggests the containers', () => {
    let tool = toggleMoment(toggleMoment(toolFromProduct(magnesium), 10), 3);
    tool = setMomentQuantity(tool, 10, 2);
    expect(tool.momentsDay.map((moment) => moment.id)).toEqual([3, 10]);
    expect(dailyCapsulesOf(tool)).toBe(3);
    // 3 a day for 2 months (60 days) with 60 capsules per bottle: 3 bottles.
    expect(suggestedUnits({ ...tool, prescriptionDuration: { time: 'months', quantity: 2 } })).toBe(3);
    expect(dailyCapsulesOf({ ...tool, dailyCapsules: 1 })).toBe(1);
  });

  it('names the tools whose units do not cover the duration, and a change of the shortfall asks again', () => {
    // 2 a day for 2 months (60 days) with 60 capsules per bottle: 2 bottles.
    const tool = {
      ...setMomentQuantity(toggleMoment(toolFromProduct(magnesium), 10), 10, 2),
      prescriptionDuration: { time: 'months' as const, quantity: 2 },
    };
    const enough = { ...tool, units: 2 };
    const one = { ...tool, units: 1 };
    expect(shortTools([enough])).toEqual([]);
    expect(shortTools([{ ...tool, units: 3 }])).toEqual([]);
    expect(shortTools([one, enough])).toEqual([{ tool: one, suggestion: 2 }]);
    // Without a known container size nothing can be said.
    expect(shortTools([{ ...one, containerQuantity: null }])).toEqual([]);
    const confirmed = shortfallSignature(shortTools([one]));
    const longer = { ...one, prescriptionDuration: { time: 'months' as const, quantity: 3 } };
    expect(shortfallSignature(shortTools([longer]))).not.toBe(confirmed);
  });
});

describe('reachableStep and requestFromDraft', () => {
  it('goes no further than the draft allows and builds the body', () => {
    const draft = { ...toggleTool({ ...createDraft('prescription'), patient }, magnesium), step: 4 as const };
    expect(reachableStep(draft, toolIsComplete)).toBe(3);
    // Before the checks are loaded, the stored step stands.
    expect(reachableStep(draft, () => true)).toBe(4);
    const complete = withIndications(draft);
    expect(reachableStep(complete, toolIsComplete)).toBe(4);
    expect(reachableStep({ ...complete, patient: null }, toolIsComplete)).toBe(1);
    expect(requestFromDraft({ ...complete, patient })).toEqual({
      patientId: 5,
      type: 'prescription',
      notes: '',
      templateId: null,
      tools: [
        {
          productId: 1,
          momentsDay: [{ id: 10, quantity: 1 }],
          prescriptionDuration: { time: 'months', quantity: 2 },
          prescriptionIndications: '',
          dailyCapsules: null,
          units: 2,
        },
      ],
    });
  });
});

describe('applyTemplate', () => {
  /** A tool of the template: at bedtime for six weeks; the server marks the ones no longer sold. */
  const bedtimeTool = (
    productId: number,
    product: ProductDto | null,
    name: string,
    quantity = 1,
    input: Partial<PrescriptionToolInputDto> = {},
  ) =>
    buildTemplateTool(
      {
        productId,
        momentsDay: [{ id: 10, quantity }],
        prescriptionDuration: { time: 'weeks', quantity: 6 },
        prescriptionIndications: '',
        units: 1,
        ...input,
      },
      product,
      name,
    );
  const template: TemplateDto = {
    id: 12,
    name: 'Sueño reparador',
    type: 'prescription',
    toolCount: 3,
    createdAt: '2026-11-01T00:00:00.000Z',
    notes: 'Revisar en un mes.',
    problems: ['«Melatonina 3 mg» ya no se vende.'],
    tools: [
      bedtimeTool(1, magnesium, 'Magnesio', 2, { prescriptionIndications: 'Con agua.', dailyCapsules: null, units: 2 }),
      bedtimeTool(77, null, 'Melatonina 3 mg'),
      bedtimeTool(40, hormone, 'Progesterona 100 mg'),
    ],
  };

  it('loads the tools still sold with their indications and says which were left out', () => {
    const draft = applyTemplate({ ...createDraft('prescription'), patient }, template);
    expect(draft.functionalTools.map((tool) => tool.productId)).toEqual([1, 40]);
    expect(draft.functionalTools[0]?.momentsDay).toEqual([{ id: 10, quantity: 2, value: 'Antes de dormir' }]);
    expect(draft.functionalTools[0]?.prescriptionDuration).toEqual({ time: 'weeks', quantity: 6 });
    expect(draft.suggestionTools).toEqual(['«Melatonina 3 mg» ya no se vende.']);
    expect(draft.selectedSuggestion).toBe(12);
    expect(draft.notes).toBe('Revisar en un mes.');
    expect(draft.patient).toEqual(patient);
    expect(draft.step).toBe(2);
  });

  it('leaves hormones out of a recommendation with a clear message', () => {
    const draft = applyTemplate(createDraft('recommendation'), template);
    expect(draft.functionalTools.map((tool) => tool.productId)).toEqual([1]);
    expect(draft.suggestionTools).toContain(
      'Progesterona 100 mg requiere prescripción médica y no se puede recomendar.',
    );
  });
});
