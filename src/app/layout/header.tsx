import { select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, type ComponentProps } from 'react';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { cartCountForCountryAtom, sideCartOpenAtom, sideCartTakesFocusAtom } from '../../features/cart/atoms';
import { countForm, formatCount } from '../../lib/i18n';
import { outboxPagePath } from '../../lib/outbox';
import type { CountryCode } from '../../lib/shared/countries';
import { CountrySelector } from './country-selector';
import { MenuIcon } from './menu-icon';
import { isNavLinkEnabled, navLinksFor, type NavLink, type ViewerRole } from './nav-links';
import { useLoadOnIntent } from './use-load-on-intent';

const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

/** Product §2: the profile block shows the display name, the role label and the picture of a logged-in user. */
export interface HeaderProfile {
  displayName: string;
  roleLabel: string;
  pictureUrl: string | null;
}

interface HeaderProps {
  country: CountryCode;
  role: ViewerRole;
  approvalStatus?: string;
  profile?: HeaderProfile;
  onLogout?: () => void;
  /** Writes of this user kept on the device, not yet delivered (the pending-uploads centre lists them). */
  pendingUploads?: number;
}

function ProfileBlock({ country, profile }: { country: CountryCode; profile: HeaderProfile }) {
  const initials = profile.displayName
    .split(' ')
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return (
    <Link to={`/${country}/mi-cuenta/datos-personales`} className="profile-block">
      {profile.pictureUrl ? (
        <img src={profile.pictureUrl} alt="" width={36} height={36} className="profile-block__picture" />
      ) : (
        <span className="profile-block__picture profile-block__picture--initials" aria-hidden="true">
          {initials}
        </span>
      )}
      <span className="profile-block__text">
        <span className="profile-block__name">{profile.displayName}</span>
        <span className="profile-block__role">{profile.roleLabel}</span>
      </span>
    </Link>
  );
}

function NavLinks({ country, role, approvalStatus, onNavigate }: HeaderProps & { onNavigate?: () => void }) {
  const { i18n } = useLingui();
  return navLinksFor(role).map((link: NavLink) => {
    const label = i18n._(link.label);
    return isNavLinkEnabled(link, role, approvalStatus) ? (
      <RouterNavLink key={link.path} to={`/${country}/${link.path}`} className="nav-link" onClick={onNavigate}>
        {label}
      </RouterNavLink>
    ) : (
      <span key={link.path} className="nav-link nav-link--disabled" aria-disabled="true">
        {label}
      </span>
    );
  });
}

function CartButton({ country }: { country: CountryCode }) {
  const count = useAtomValue(cartCountForCountryAtom(country));
  const form = countForm(count);
  const products = formatCount(count, country);
  const [open, setOpen] = useAtom(sideCartOpenAtom);
  const setTakesFocus = useSetAtom(sideCartTakesFocusAtom);
  return (
    <button
      type="button"
      className="icon-button cart-button"
      aria-label={select(form, {
        one: `Bolsa de compras, ${products} producto`,
        other: `Bolsa de compras, ${products} productos`,
      })}
      aria-expanded={open}
      // The drawer is only in the page once it has been opened: point at it only then.
      aria-controls={open ? 'side-cart' : undefined}
      data-side-cart-toggle=""
      onClick={() => {
        setTakesFocus(!open);
        setOpen(!open);
      }}
    >
      <HeaderIcon d="M6 7h12l-1 13H7L6 7zm3 0a3 3 0 0 1 6 0" />
      {count > 0 && (
        <span className="cart-button__badge" data-testid="cart-count">
          {count}
        </span>
      )}
    </button>
  );
}

/** A 22 px line icon of the header's buttons, drawn in the text's colour. */
function HeaderIcon({ d, roundCaps = false }: { d: string; roundCaps?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap={roundCaps ? 'round' : undefined}
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PendingUploadsLink({ country, count }: { country: CountryCode; count: number }) {
  const { t } = useLingui();
  return (
    <Link
      to={outboxPagePath(country)}
      className="icon-button pending-uploads-button"
      aria-label={t`Envíos pendientes: ${count}`}
      data-testid="pending-uploads"
    >
      <HeaderIcon d="M12 16V4m0 0L7 9m5-5 5 5M5 14v5h14v-5" roundCaps />
      <span className="cart-button__badge">{count}</span>
    </Link>
  );
}

function AuthButtons({ country }: { country: CountryCode }) {
  return (
    <>
      <Link to={`/${country}/iniciar-sesion`} className="button button--ghost">
        <Trans>Iniciar sesión</Trans>
      </Link>
      <Link to={`/${country}/registro`} className="button button--primary">
        <Trans>Registrarse</Trans>
      </Link>
    </>
  );
}

/** The menu button; Radix's dialog loads on first intent, like the country menu. */
function MobileMenuButton({ children }: ComponentProps<typeof MobileMenu>) {
  const { t } = useLingui();
  const { wanted, triggerProps } = useLoadOnIntent(loadMobileMenu);
  const placeholder = (
    <button type="button" className="icon-button menu-toggle" aria-label={t`Abrir menú`} {...triggerProps}>
      <MenuIcon />
    </button>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <MobileMenu>{children}</MobileMenu>
    </Suspense>
  );
}

export function Header(props: HeaderProps) {
  const { t } = useLingui();
  const { country, role } = props;

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={`/${country}`} className="brand" aria-label={t`Dispensario Funcional, inicio`}>
          <img src="/icons/logo.svg" alt="" width={36} height={36} />
          <span className="brand__name">
            <Trans>Dispensario Funcional</Trans>
          </span>
        </Link>
        <nav className="site-nav" aria-label={t`Navegación principal`}>
          <NavLinks {...props} />
        </nav>
        <div className="site-header__actions">
          {(props.pendingUploads ?? 0) > 0 && (
            <PendingUploadsLink country={country} count={props.pendingUploads ?? 0} />
          )}
          <CartButton country={country} />
          <CountrySelector country={country} />
          {props.profile && <ProfileBlock country={country} profile={props.profile} />}
          {role === 'anonymous' && (
            <div className="site-header__auth">
              <AuthButtons country={country} />
            </div>
          )}
          <MobileMenuButton>
            {(close) => (
              <>
                <nav className="mobile-menu__nav" aria-label={t`Navegación móvil`}>
                  <NavLinks {...props} onNavigate={close} />
                </nav>
                {role === 'anonymous' ? (
                  <div className="mobile-menu__auth" onClick={close}>
                    <AuthButtons country={country} />
                  </div>
                ) : (
                  <div className="mobile-menu__auth">
                    {props.profile && (
                      <div onClick={close}>
                        <ProfileBlock country={country} profile={props.profile} />
                      </div>
                    )}
                    <button
                      type="button"
                      className="button button--ghost"
                      onClick={() => {
                        close();
                        props.onLogout?.();
                      }}
                    >
                      <Trans>Cerrar sesión</Trans>
                    </button>
                  </div>
                )}
              </>
            )}
          </MobileMenuButton>
        </div>
      </div>
    </header>
  );
}
