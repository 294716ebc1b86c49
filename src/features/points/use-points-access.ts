import { PROFESSIONAL_ROLES } from '../../lib/shared/accounts';
import { useSession } from '../../lib/session/use-session';

type PointsAccess =
  | { status: 'anonymous' }
  /** Patients and admins: product §6 gives points to doctors and health professionals only. */
  | { status: 'not-professional' }
  /** A professional whose credentials are not approved yet (or were rejected): product §4 gating. */
  | { status: 'not-approved'; rejected: boolean }
  | { status: 'allowed'; userId: number };

/** Who may use the points programme in the route's country, and as which user. */
export function usePointsAccess(): PointsAccess {
  const session = useSession();
  if (!session) return { status: 'anonymous' };
  const { role, personalInfo, id } = session.user;
  if (!PROFESSIONAL_ROLES.includes(role.name)) return { status: 'not-professional' };
  if (personalInfo.approval_status !== 'approved') {
    return { status: 'not-approved', rejected: personalInfo.approval_status === 'rejected' };
  }
  return { status: 'allowed', userId: id };
}
