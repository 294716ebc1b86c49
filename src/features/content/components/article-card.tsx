import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { formatCountryDate } from '../../../lib/dates';
import type { CountryCode } from '../../../lib/shared/countries';
import type { ArticleMeta } from '../articles';

/** A calendar date (YYYY-MM-DD) in the country's words ('5 de noviembre de 2026'), the same day wherever it is read. */
export function formatArticleDate(isoDate: string, country: CountryCode): string {
  return formatCountryDate(isoDate, country) ?? isoDate;
}

/** A teaser: picture, topic, title (the link), summary, date and reading time. */
export function ArticleCard({
  article,
  country,
  headingLevel = 3,
}: {
  article: ArticleMeta;
  country: CountryCode;
  /** 2 on the blog page, whose cards sit right under its h1; 3 inside a home section. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t, i18n } = useLingui();
  const minutes = article.readingMinutes;
  return (
    <div className="article-card">
      <img
        src={article.image}
        alt=""
        width={1200}
        height={630}
        loading="lazy"
        decoding="async"
        className="article-card__image"
      />
      <div className="article-card__body">
        <p className="article-card__topic">{i18n._(article.topic)}</p>
        <Heading className="article-card__title">
          <Link to={`/${country}/articulos/${article.slug}`} className="article-card__link">
            {i18n._(article.title)}
          </Link>
        </Heading>
        <p className="article-card__summary">{i18n._(article.summary)}</p>
        <p className="article-card__meta">
          <time dateTime={article.publishedOn}>{formatArticleDate(article.publishedOn, country)}</time>
          {' · '}
          {t`${minutes} min de lectura`}
        </p>
      </div>
    </div>
  );
}
