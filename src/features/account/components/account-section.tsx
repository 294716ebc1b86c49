import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { useSession } from '../../auth/use-session';
import { accountMenu } from '../menu';

/**
 * A section of the account area whose screen arrives with a later issue: it says so plainly rather than pretending.
 * Sections the role does not have are not found.
 */
export function AccountSectionPlaceholder() {
  const { i18n } = useLingui();
  const { section } = useParams();
  const session = useSession();
  const entry = session
    ? accountMenu(session.user.role.name)
        .flatMap((group) => group.items)
        .find((candidate) => candidate.path === section)
    : undefined;
  if (!entry) {
    return (
      <section aria-labelledby="section-title">
        <h1 id="section-title">
          <Trans>Sección no disponible</Trans>
        </h1>
        <p>
          <Trans>Esta sección no existe o no corresponde a tu tipo de cuenta.</Trans>
        </p>
      </section>
    );
  }
  return <ComingSoon title={i18n._(entry.label)} />;
}
