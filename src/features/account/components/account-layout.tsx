import { Trans, useLingui } from '@lingui/react/macro';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useCountry } from '../../../lib/use-country';
import { SectionMenu } from '../../../components/ui/section-menu';
import { useGuardedLogout } from '../../auth/use-guarded-logout';
import { useSession } from '../../../lib/session/use-session';
import { accountMenu } from '../menu';

/** The account area `/{c}/mi-cuenta/...`: the role's menu beside the section. */
export function AccountLayout() {
  const { t, i18n } = useLingui();
  const country = useCountry();
  const session = useSession();
  const location = useLocation();
  const { requestLogout, logoutDialog } = useGuardedLogout(country);

  if (!session) {
    const back = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/${country}/iniciar-sesion?volver=${back}`} replace />;
  }
  const { role, personalInfo } = session.user;
  const approved = role.name === 'patient' || role.name === 'admin' || personalInfo.approval_status === 'approved';
  const menu = accountMenu(role.name);
  const current = menu
    .flatMap((group) => group.items)
    .find((entry) => location.pathname.startsWith(`/${country}/mi-cuenta/${entry.path}`));

  return (
    <div className="page account">
      <SectionMenu label={t`Menú de mi cuenta`} current={current && i18n._(current.label)}>
        {menu.map((group) => (
          <nav key={group.title.id} aria-label={i18n._(group.title)} className="account__group">
            <h2 className="account__group-title">{i18n._(group.title)}</h2>
            <ul className="plain-list">
              {group.items.map((entry) => (
                <li key={entry.path}>
                  {entry.needsApproval && !approved ? (
                    <span className="account__link account__link--disabled" aria-disabled="true">
                      {i18n._(entry.label)}
                    </span>
                  ) : (
                    <NavLink to={`/${country}/mi-cuenta/${entry.path}`} className="account__link">
                      {i18n._(entry.label)}
                    </NavLink>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
        {role.name === 'admin' && (
          <NavLink to={`/${country}/admin/gestion-afiliados`} className="account__link">
            <Trans>Administración</Trans>
          </NavLink>
        )}
        <button type="button" className="button button--ghost account__logout" onClick={requestLogout}>
          <Trans>Cerrar sesión</Trans>
        </button>
      </SectionMenu>
      <div className="account__content">
        {!approved && (
          <div className="notice" role="status">
            {personalInfo.approval_status === 'rejected' ? (
              <Trans>
                Tu registro como profesional no fue aprobado. Revisa tus credenciales o escríbenos para ayudarte.
              </Trans>
            ) : (
              <Trans>
                Tu cuenta está en revisión. Cuando aprobemos tus credenciales se habilitarán las herramientas para
                profesionales.
              </Trans>
            )}
          </div>
        )}
        <Outlet />
      </div>
      {logoutDialog}
    </div>
  );
}
