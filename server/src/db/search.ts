import { normalizeSearchText } from '../../../src/lib/shared/text';

/**
 * One `LIKE` pattern per word of a search, accents and case removed and `%`, `_`, `\` escaped: a query that
 * requires every pattern finds the words in any order ('magnesio glicinato' finds 'Magnesio Bisglicinato').
 */
export function wordPatterns(search: string | undefined): string[] {
  if (!search) return [];
  return normalizeSearchText(search)
    .split(' ')
    .filter(Boolean)
    .map((word) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
}
