import { useLingui } from '@lingui/react/macro';
import type { PrescriptionStatus } from '../../lib/shared/prescriptions';
import { PRESCRIPTION_STATUS_LABELS } from '../../lib/shared/prescription-labels';

const STATUS_TONES: Record<PrescriptionStatus, 'approved' | 'pending' | 'rejected'> = {
  active: 'approved',
  finished: 'pending',
  cancelled: 'rejected',
};

/** A prescription's or recommendation's status, in its tone. */
export function PrescriptionStatusBadge({ status }: { status: PrescriptionStatus }) {
  const { i18n } = useLingui();
  return <span className={`status status--${STATUS_TONES[status]}`}>{i18n._(PRESCRIPTION_STATUS_LABELS[status])}</span>;
}
