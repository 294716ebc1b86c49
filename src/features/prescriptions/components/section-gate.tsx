import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { PageNotice } from '../../../components/ui/page-notice';
import { SectionUnavailable } from '../../../components/ui/section-unavailable';
import { accountMenu } from '../../account/menu';
import { useSession } from '../../../lib/session/use-session';

/**
 * An account section opened by its address: only the roles whose menu has it (product §2, §6), and professional tools
 * only once the professional is approved (product §4 gating). The server refuses the calls too; this says why.
 */
export function SectionGate({ section, children }: { section: string; children: ReactNode }) {
  const session = useSession();
  if (!session) return null;
  const { role, personalInfo } = session.user;
  const entry = accountMenu(role.name)
    .flatMap((group) => group.items)
    .find((candidate) => candidate.path === section);
  if (!entry) return <SectionUnavailable />;
  const approved = role.name === 'patient' || role.name === 'admin' || personalInfo.approval_status === 'approved';
  if (entry.needsApproval && !approved) {
    return (
      <PageNotice id="section-title" title={<Trans>Disponible después de la aprobación</Trans>}>
        <Trans>Podrás usar esta sección cuando aprobemos tus credenciales profesionales.</Trans>
      </PageNotice>
    );
  }
  return children;
}
