import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../../lib/shared/countries';
import { ARTICLES, findArticle, loadArticleBody } from './articles';
import { loadLegalDocument } from './legal';
import { parseMarkdown } from './markdown';

describe('articles', () => {
  it('are the three of product §9, each with its picture under public/ and a body in Spanish', async () => {
    expect(ARTICLES).toHaveLength(3);
    for (const article of ARTICLES) {
      expect(existsSync(join(process.cwd(), 'public', article.image))).toBe(true);
      const body = await loadArticleBody(article.slug, 'es');
      expect(parseMarkdown(body, 'co').filter((block) => block.kind === 'heading').length).toBeGreaterThan(1);
    }
  });

  it('serve the Peru version where one exists and the Spanish one otherwise', async () => {
    const hormones = await loadArticleBody('hormonas-bioidenticas', 'pe');
    expect(hormones).toContain('DIGEMID');
    expect(await loadArticleBody('magnesio-formas-y-usos', 'pe')).toBe(
      await loadArticleBody('magnesio-formas-y-usos', 'es'),
    );
    expect(findArticle('no-existe')).toBeUndefined();
  });
});

describe('terms and privacy', () => {
  const law = { co: 'Ley Estatutaria 1581 de 2012', mx: 'LFPDPPP', pe: 'Ley N.° 29733' } as const;

  it.each(COUNTRY_CODES)(
    'name the data-protection law of %s, ask its consent and leave no placeholder',
    async (country) => {
      const text = await loadLegalDocument(country);
      expect(text).toContain(law[country]);
      expect(text).toMatch(/datos? (personales )?sensibles?/);
      expect(text).not.toMatch(/\{\{\w+\}\}/);
    },
  );
});
