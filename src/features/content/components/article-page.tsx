import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { languageOf } from '../../../lib/countries';
import type { CountryCode } from '../../../lib/shared/countries';
import { useCountry } from '../../../lib/use-country';
import { ARTICLES, findArticle, loadArticleBody, type ArticleMeta } from '../articles';
import { parseMarkdown } from '../markdown';
import { useDocument } from '../use-document';
import { formatArticleDate } from './article-card';
import { RichText } from './rich-text';

function ArticleBody({ article, country }: { article: ArticleMeta; country: CountryCode }) {
  const language = languageOf(country);
  const source = useDocument(`article:${article.slug}:${language}`, () => loadArticleBody(article.slug, language));
  const blocks = useMemo(() => parseMarkdown(source, country), [source, country]);
  return (
    <div className="prose">
      <RichText blocks={blocks} />
    </div>
  );
}

function MissingArticle({ country }: { country: CountryCode }) {
  return (
    <section className="page not-found" aria-labelledby="missing-article-title">
      <h1 id="missing-article-title">
        <Trans>No encontramos este artículo</Trans>
      </h1>
      <p>
        <Trans>Puede que la dirección haya cambiado. Estos son los artículos disponibles:</Trans>
      </p>
      <Link to={`/${country}/articulos`} className="button button--primary">
        <Trans>Ver todos los artículos</Trans>
      </Link>
    </section>
  );
}

/** Product §2: one article (`/{c}/articulos/{slug}`); its text and picture are precached for offline reading. */
export function ArticlePage() {
  const { t, i18n } = useLingui();
  const country = useCountry();
  const article = findArticle(useParams().slug);
  if (!article) return <MissingArticle country={country} />;
  const minutes = article.readingMinutes;
  const others = ARTICLES.filter((other) => other.slug !== article.slug);
  return (
    <article className="article" aria-labelledby="article-title">
      <header className="article__header">
        <p className="hero__eyebrow">
          <Link to={`/${country}/articulos`}>
            <Trans>Blog</Trans>
          </Link>{' '}
          · {i18n._(article.topic)}
        </p>
        <h1 id="article-title">{i18n._(article.title)}</h1>
        <p className="article__summary">{i18n._(article.summary)}</p>
        <p className="article__meta">
          <time dateTime={article.publishedOn}>{formatArticleDate(article.publishedOn, country)}</time>
          {' · '}
          {t`${minutes} min de lectura`}
        </p>
      </header>
      <img
        src={article.image}
        alt={i18n._(article.imageAlt)}
        width={1200}
        height={630}
        fetchPriority="high"
        className="article__image"
      />
      <Suspense
        fallback={
          <p role="status" className="muted article__loading">
            <Trans>Cargando el artículo…</Trans>
          </p>
        }
      >
        <ArticleBody article={article} country={country} />
      </Suspense>
      <aside className="article__more" aria-labelledby="more-articles-title">
        <h2 id="more-articles-title">
          <Trans>Sigue leyendo</Trans>
        </h2>
        <ul className="plain-list">
          {others.map((other) => (
            <li key={other.slug}>
              <Link to={`/${country}/articulos/${other.slug}`}>{i18n._(other.title)}</Link>
            </li>
          ))}
        </ul>
      </aside>
    </article>
  );
}
