import { FeaturedProducts } from '../../features/catalog/components/featured-products';
import { AttentionBand } from '../../features/content/components/attention-band';
import { HomeHero } from '../../features/content/components/home-hero';
import { HomeIntro } from '../../features/content/components/home-intro';
import { HomeServices } from '../../features/content/components/home-services';
import { LatestArticles } from '../../features/content/components/latest-articles';
import { RegisterByRole } from '../../features/content/components/register-by-role';
import { Testimonials } from '../../features/content/components/testimonials';
import { WhereWeAre } from '../../features/content/components/where-we-are';
import { TourInvite } from '../../features/tour/components/tour-invite';
import { TourLauncher } from '../../features/tour/components/tour-launcher';
import { useCountry } from '../../lib/use-country';

/**
 * Product §2 home sections. "Where we are" closes the page: its map is the heaviest thing here and loads only when
 * scrolled to (docs/decisions.md).
 */
export function HomePage() {
  const country = useCountry();
  return (
    <>
      <TourLauncher />
      <HomeHero />
      <TourInvite />
      <div className="page home">
        <HomeIntro />
        <HomeServices country={country} />
        <AttentionBand country={country} />
        <FeaturedProducts />
        <LatestArticles country={country} />
        <Testimonials />
        <RegisterByRole country={country} />
        <WhereWeAre country={country} />
      </div>
    </>
  );
}
