import { Trans } from '@lingui/react/macro';
import { PageNotice } from './page-notice';

/** An account section that does not exist, or that the user's role does not have (product §2, §6). */
export function SectionUnavailable() {
  return (
    <PageNotice id="section-title" title={<Trans>Sección no disponible</Trans>}>
      <Trans>Esta sección no existe o no corresponde a tu tipo de cuenta.</Trans>
    </PageNotice>
  );
}
