import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { CountryCode } from '../../../lib/shared/countries';
import { ARTICLES_NEWEST_FIRST } from '../articles';
import { ArticleCard } from './article-card';
import { HomeSection } from '../../../components/ui/home-section';

/** Product §2 home: the latest articles, newest first. */
export function LatestArticles({ country }: { country: CountryCode }) {
  return (
    <HomeSection
      id="latest-articles-title"
      title={<Trans>Últimos artículos</Trans>}
      link={
        <Link to={`/${country}/articulos`} className="link-arrow">
          <Trans>Ver todos los artículos</Trans>
        </Link>
      }
    >
      <ul className="article-grid">
        {ARTICLES_NEWEST_FIRST.map((article) => (
          <li key={article.slug}>
            <ArticleCard article={article} country={country} />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
