import { DURATION_UNIT_DAYS, type PrescriptionToolInputDto } from '../../../src/lib/shared/prescriptions';

// The tools are read by the shared schema (`toolsSchema` of src/lib/shared/prescription-schemas.ts).
export type { ToolInput } from '../../../src/lib/shared/prescription-schemas';

/** Days the longest tool lasts: when the treatment ends. */
export function treatmentDays(tools: readonly Pick<PrescriptionToolInputDto, 'prescriptionDuration'>[]): number {
  return Math.max(
    0,
    ...tools.map((tool) => tool.prescriptionDuration.quantity * DURATION_UNIT_DAYS[tool.prescriptionDuration.time]),
  );
}
