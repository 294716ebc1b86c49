import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { CountryCode } from '../../../lib/shared/countries';
import { ARTICLES_NEWEST_FIRST } from '../articles';
import { ArticleCard } from './article-card';

/** Product §2 home: the latest articles, newest first. */
export function LatestArticles({ country }: { country: CountryCode }) {
  return (
    <section className="section" aria-labelledby="latest-articles-title">
      <div className="section__header">
        <h2 id="latest-articles-title">
          <Trans>Últimos artículos</Trans>
        </h2>
        <Link to={`/${country}/articulos`} className="link-arrow">
          <Trans>Ver todos los artículos</Trans>
        </Link>
      </div>
      <ul className="article-grid">
        {ARTICLES_NEWEST_FIRST.map((article) => (
          <li key={article.slug}>
            <ArticleCard article={article} country={country} />
          </li>
        ))}
      </ul>
    </section>
  );
}
