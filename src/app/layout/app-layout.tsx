import { useLingui } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { useGuardedLogout } from '../../features/auth/use-guarded-logout';
import { checkoutStepAtom } from '../../features/checkout/atoms';
import { FavoritesSync } from '../../features/favorites/components/favorites-sync';
import { InstallOffer } from '../../features/install/components/install-offer';
import { ConsentGate } from '../../features/privacy/components/consent-gate';
import { LazyPushLanguageSync } from './lazy-push-language-sync';
import { useSession } from '../../lib/session/use-session';
import { ROLE_LABELS } from '../../features/auth/role-labels';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useUndeliveredCount } from '../../lib/outbox';
import type { CountryCode } from '../../lib/shared/countries';
import { ChatButton } from './chat-button';
import { DocumentTitle } from './document-title';
import { Footer } from './footer';
import { Header } from './header';
import { LazySideCart } from './lazy-side-cart';
import { OfflineIndicator } from './offline-indicator';
import { OutboxSync } from './outbox-sync';
import { ProductActionsProvider } from './product-actions';
import { SessionNotice } from './session-notice';
import { StorageNotice } from './storage-notice';
import { needsTopMargin } from './top-margin';
import { isBusyPage, UpdatePrompt } from './update-prompt';

export function AppLayout({ country, children }: { country: CountryCode; children: ReactNode }) {
  const { t, i18n } = useLingui();
  const { pathname } = useLocation();
  const session = useSession(country);
  const { requestLogout, logoutDialog } = useGuardedLogout(country);
  const setCheckoutStep = useSetAtom(checkoutStepAtom);
  const user = session?.user;
  const pendingUploads = useUndeliveredCount(user?.uid);
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        {t`Saltar al contenido`}
      </a>
      <Header
        country={country}
        role={user?.role.name ?? 'anonymous'}
        approvalStatus={user?.personalInfo.approval_status}
        profile={
          user && {
            displayName: user.displayName,
            roleLabel: i18n._(ROLE_LABELS[user.role.name]),
            pictureUrl: user.personalInfo.profile_image_url,
          }
        }
        onLogout={requestLogout}
        pendingUploads={pendingUploads}
      />
      <OfflineIndicator />
      <main id="main" className={needsTopMargin(pathname) ? 'site-main site-main--offset' : 'site-main'}>
        <ProductActionsProvider>{children}</ProductActionsProvider>
      </main>
      <LazySideCart country={country} onViewBag={() => setCheckoutStep(1)} />
      <FavoritesSync country={country} />
      <LazyPushLanguageSync country={country} />
      <Footer country={country} />
      <ChatButton country={country} />
      <SessionNotice country={country} />
      <ConsentGate country={country} />
      <StorageNotice />
      <InstallOffer />
      <UpdatePrompt busy={isBusyPage(pathname)} />
      <DocumentTitle />
      <OutboxSync />
      {logoutDialog}
    </div>
  );
}
