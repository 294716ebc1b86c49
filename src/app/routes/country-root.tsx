import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { usePointsFollowCountry } from '../../features/cart/use-points-follow-country';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { canonicalCountryPath, setActiveCountry } from '../../lib/countries';
import { activateLocale, i18n } from '../../lib/i18n';
import { catalogueLocaleOf, languageChoiceAtom } from '../../lib/language';
import { resolveCountry } from '../../lib/shared/countries';
import { AppLayout } from '../layout/app-layout';
import { FullPageLoader } from '../layout/full-page-loader';
import { useScrollRestoration } from '../layout/use-scroll-restoration';

/** Everything under `/:locale`: validates the country, loads its catalogue, then renders the layout. */
export function CountryRoot() {
  const { locale } = useParams();
  const location = useLocation();
  const country = resolveCountry(locale);
  // The country's Spanish unless English was chosen on this device (issue #19). A change of either renders the layout
  // anew once its catalogue is active: dates and prices formatted outside Lingui's components follow it too.
  const language = catalogueLocaleOf(country, useAtomValue(languageChoiceAtom));
  const [loadedLanguage, setLoadedLanguage] = useState<string | null>(i18n.locale || null);
  const redirect = canonicalCountryPath(location.pathname);
  usePointsFollowCountry(country);
  // A new page opens at its top; Back and Forward return to where that page was left (the catalogue keeps the pages
  // it had loaded in the query cache, so the same products are there to return to).
  useScrollRestoration();

  useEffect(() => {
    if (redirect) return;
    setActiveCountry(country);
    let cancelled = false;
    void activateLocale(language).then(() => {
      if (!cancelled) setLoadedLanguage(language);
    });
    return () => {
      cancelled = true;
    };
  }, [country, language, redirect]);

  if (redirect) return <Navigate to={`${redirect}${location.search}${location.hash}`} replace />;
  if (loadedLanguage !== language) return <FullPageLoader />;
  return (
    <AppLayout country={country}>
      <Outlet />
    </AppLayout>
  );
}
