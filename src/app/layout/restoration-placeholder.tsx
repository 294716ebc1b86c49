import { HomeHeroText } from '../../features/content/components/home-hero';
import { FullPageLoader } from './full-page-loader';

/**
 * Product §2: the placeholder shown until the persisted state (cart, sessions, drafts) is restored. It is the same as
 * the static one in index.html: the loader, or on home (`route-home` on the document, set before the first paint)
 * the home headline, so the first paint is already the page's largest text and nothing flashes when React takes over.
 */
export function RestorationPlaceholder() {
  return (
    <div className="restoration-placeholder" data-testid="restoration-placeholder">
      <FullPageLoader />
      <section className="hero restoration-placeholder__home" aria-labelledby="placeholder-hero-title">
        <div className="hero__inner">
          <HomeHeroText titleId="placeholder-hero-title" />
        </div>
      </section>
    </div>
  );
}
