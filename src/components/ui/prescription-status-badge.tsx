import { useLingui } from '@lingui/react/macro';
import type { PrescriptionStatus } from '../../lib/shared/prescriptions';
import { STATUS_LABELS, STATUS_TONES } from '../../lib/prescription-labels';

/** A prescription's or recommendation's status, in its tone. */
export function PrescriptionStatusBadge({ status }: { status: PrescriptionStatus }) {
  const { i18n } = useLingui();
  return <span className={`status status--${STATUS_TONES[status]}`}>{i18n._(STATUS_LABELS[status])}</span>;
}
