import { Trans } from '@lingui/react/macro';
import { useCountry } from '../../../lib/use-country';
import { ARTICLES_NEWEST_FIRST } from '../articles';
import { ArticleCard } from './article-card';
import { PageHero } from './page-hero';

/** Product §2: the blog (`/{c}/articulos`), three articles, newest first. */
export function ArticlesPage() {
  const country = useCountry();
  return (
    <>
      <PageHero
        id="articles-title"
        eyebrow={<Trans>Blog</Trans>}
        title={<Trans>Artículos de medicina funcional</Trans>}
        lead={
          <Trans>
            Explicamos la evidencia detrás de los temas que más consultan nuestros pacientes. Quedan guardados en tu
            dispositivo para leerlos sin conexión.
          </Trans>
        }
      />
      <div className="page">
        <ul className="article-grid article-grid--list">
          {ARTICLES_NEWEST_FIRST.map((article) => (
            <li key={article.slug}>
              <ArticleCard article={article} country={country} headingLevel={2} />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
