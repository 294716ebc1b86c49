import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export interface ArticleMeta {
  slug: string;
  /** Under `public/articles/`: precached with the shell, so a visited article reads offline with its picture. */
  image: string;
  imageAlt: MessageDescriptor;
  title: MessageDescriptor;
  summary: MessageDescriptor;
  topic: MessageDescriptor;
  /** ISO date of publication. */
  publishedOn: string;
  readingMinutes: number;
}

/** Product §9: three sample articles. Their bodies are documents in `articles/<slug>.md`, loaded per article. */
export const ARTICLES: readonly ArticleMeta[] = [
  {
    slug: 'eje-intestino-cerebro',
    image: '/articles/eje-intestino-cerebro.svg',
    imageAlt: msg`Ilustración de un intestino y un cerebro unidos por una línea que representa el nervio vago`,
    title: msg`Eje intestino-cerebro: cómo tu microbiota conversa con tu ánimo`,
    summary: msg`Qué sabemos hoy de la comunicación entre el intestino y el cerebro, y qué hábitos la cuidan de verdad.`,
    topic: msg`Microbiota`,
    publishedOn: '2026-09-08',
    readingMinutes: 4,
  },
  {
    slug: 'magnesio-formas-y-usos',
    image: '/articles/magnesio-formas-y-usos.svg',
    imageAlt: msg`Ilustración de cápsulas y de alimentos ricos en magnesio: semillas, hojas verdes y cacao`,
    title: msg`Magnesio: por qué importa y cómo elegir la forma adecuada`,
    summary: msg`Citrato, glicinato, óxido, treonato: diferencias entre las formas de magnesio y cuándo tu profesional elige cada una.`,
    topic: msg`Nutrientes`,
    publishedOn: '2026-10-01',
    readingMinutes: 4,
  },
  {
    slug: 'hormonas-bioidenticas',
    image: '/articles/hormonas-bioidenticas.svg',
    imageAlt: msg`Ilustración de moléculas hormonales junto a un frasco de preparación magistral y una fórmula médica`,
    title: msg`Hormonas bioidénticas: qué son y por qué siempre van con prescripción`,
    summary: msg`Lo que significa que una hormona sea bioidéntica, qué controles necesita y por qué pedimos la fórmula firmada.`,
    topic: msg`Hormonas`,
    publishedOn: '2026-10-27',
    readingMinutes: 3,
  },
];

/**
 * The articles, newest first. ISO dates sort as plain strings; `localeCompare` would build a collator on the home
 * page's first render (tens of milliseconds on a phone) to order three dates.
 */
export const ARTICLES_NEWEST_FIRST: readonly ArticleMeta[] = [...ARTICLES].sort((a, b) =>
  a.publishedOn < b.publishedOn ? 1 : a.publishedOn > b.publishedOn ? -1 : 0,
);

export function findArticle(slug: string | undefined): ArticleMeta | undefined {
  return ARTICLES.find((article) => article.slug === slug);
}

// One chunk per document: an article's text is only downloaded (and precached) as its own file.
const DOCUMENTS = import.meta.glob<string>('./articles/*.md', { query: '?raw', import: 'default' });

/** The Peru catalogue may bring its own version of an article (`<slug>.pe.md`); otherwise the Spanish one. */
export function loadArticleBody(slug: string, language: string): Promise<string> {
  const load = DOCUMENTS[`./articles/${slug}.${language}.md`] ?? DOCUMENTS[`./articles/${slug}.md`];
  return load ? load() : Promise.reject(new Error(`Artículo sin texto: ${slug}`));
}
