import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface PoEntry {
  id: string;
  translation: string;
}

/** The quoted strings of a `msgid`/`msgstr` and its continuation lines, joined and unescaped. */
function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const fields: Record<string, string> = {};
    let field: string | undefined;
    for (const line of block.split('\n')) {
      const start = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line);
      if (start?.[1] && start[2]) {
        field = start[1];
        fields[field] = JSON.parse(start[2]) as string;
      } else if (field && line.startsWith('"')) {
        fields[field] += JSON.parse(line) as string;
      }
    }
    // The header is the entry with an empty id.
    if (fields.msgid) entries.push({ id: fields.msgid, translation: fields.msgstr ?? '' });
  }
  return entries;
}

/** Placeholders ({name}, {0}), tags of rich text (<0>, </0>) and plural counts (#) a translation must keep. */
function placeholders(message: string): string[] {
  return (message.match(/\{\w+\}|<\/?\d+>|#/g) ?? []).sort();
}

/**
 * Issue #19: the English catalogues fall back to Spanish message by message, so a message left untranslated shows
 * Spanish in the English interface without any error. Each file is its own test: `-t messages.po` checks the visitors'
 * catalogue alone (the members one is translated separately).
 */
describe.each(['messages.po', 'home.po', 'pages.po', 'members.po'])('the English catalogue %s', (file) => {
  const entries = parsePo(readFileSync(join(process.cwd(), 'src/locales/en', file), 'utf8'));

  it('has messages', () => {
    expect(entries.length).toBeGreaterThan(0);
  });

  it('translates every message', () => {
    expect(entries.filter((entry) => entry.translation.trim() === '').map((entry) => entry.id)).toEqual([]);
  });

  it('keeps every placeholder of the Spanish message', () => {
    const changed = entries
      .filter((entry) => entry.translation !== '')
      .filter((entry) => placeholders(entry.id).join(' ') !== placeholders(entry.translation).join(' '))
      .map((entry) => `${entry.id} → ${entry.translation}`);
    expect(changed).toEqual([]);
  });
});
