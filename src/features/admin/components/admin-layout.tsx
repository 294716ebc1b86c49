import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { PageNotice } from '../../../components/ui/page-notice';
import { useCountry } from '../../../lib/use-country';
import { SectionMenu } from '../../../components/ui/section-menu';
import { useSession } from '../../../lib/session/use-session';
import { ADMIN_GROUPS, adminSection } from '../sections';

/** `/{c}/admin/...`: only admins enter; everyone else gets the Spanish 'no permission' screen. */
export function AdminLayout() {
  const { t, i18n } = useLingui();
  const country = useCountry();
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const back = encodeURIComponent(location.pathname);
    return <Navigate to={`/${country}/iniciar-sesion?volver=${back}`} replace />;
  }
  if (session.user.role.name !== 'admin') {
    return (
      <PageNotice
        id="forbidden-title"
        className="page not-found"
        title={<Trans>No tienes permiso para ver esta página</Trans>}
      >
        <Trans>El área de administración es solo para administradores del Dispensario.</Trans>
      </PageNotice>
    );
  }
  const current = adminSection(location.pathname.split('/')[3]);
  return (
    <div className="page account">
      <SectionMenu label={t`Menú de administración`} current={current && i18n._(current.label)}>
        {ADMIN_GROUPS.map((group) => (
          <nav key={group.title.id} aria-label={i18n._(group.title)} className="account__group">
            <h2 className="account__group-title">{i18n._(group.title)}</h2>
            <ul className="plain-list">
              {group.sections.map((section) => {
                // The section shown, whichever of its paths led here: NavLink compared the Spanish path only, so
                // '/co/admin/sent-emails' highlighted nothing (issue #19).
                const active = section === current;
                return (
                  <li key={section.path}>
                    <Link
                      to={`/${country}/admin/${section.path}`}
                      className={active ? 'account__link active' : 'account__link'}
                      aria-current={active ? 'page' : undefined}
                    >
                      {i18n._(section.label)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        ))}
      </SectionMenu>
      <div className="account__content">
        <Outlet />
      </div>
    </div>
  );
}
