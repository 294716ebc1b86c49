// Articles and legal texts are documents, not interface strings: they are written in a small Markdown subset and
// turned into React elements here (never into HTML strings), so no markup from a document can reach the page.

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'em'; text: string }
  | { kind: 'link'; text: string; href: string };

export type Block =
  | { kind: 'heading'; level: 2 | 3; id: string; text: string }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'quote'; inlines: Inline[] };

const INLINE = /(\*\*[^*]+\*\*|\*[^*\s][^*]*\*|\[[^\]]+\]\([^)\s]+\))/;

/** Bold, emphasis and links; anything else is text. `{c}` in a link becomes the country of the page. */
export function parseInline(source: string, country: string): Inline[] {
  return source
    .split(INLINE)
    .filter((part) => part !== '')
    .map((part): Inline => {
      if (part.startsWith('**') && part.endsWith('**') && part.length > 4) {
        return { kind: 'strong', text: part.slice(2, -2) };
      }
      const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
      if (link) return { kind: 'link', text: link[1]!, href: link[2]!.replaceAll('{c}', country) };
      if (part.startsWith('*') && part.endsWith('*') && part.length > 2) return { kind: 'em', text: part.slice(1, -1) };
      return { kind: 'text', text: part };
    });
}

/** A heading's anchor: lower case, no accents, words joined by dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A line starting with the marker opens an item; any other line continues the item before it (wrapped text). */
function listItems(lines: string[], marker: RegExp, country: string): Inline[][] {
  const items: string[] = [];
  for (const line of lines) {
    if (marker.test(line) || items.length === 0) items.push(line.replace(marker, ''));
    else items[items.length - 1] += ` ${line}`;
  }
  return items.map((item) => parseInline(item, country));
}

/** Blocks are separated by blank lines; `##`/`###` headings, `-` and `1.` lists and `>` quotes are recognised. */
export function parseMarkdown(source: string, country: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of source.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const [first] = lines;
    if (first === undefined) continue;
    const heading = /^(#{2,3})\s+(.+)$/.exec(first);
    if (heading && lines.length === 1) {
      const text = heading[2]!;
      blocks.push({ kind: 'heading', level: heading[1]!.length as 2 | 3, id: slugify(text), text });
    } else if (/^[-*]\s+/.test(first)) {
      blocks.push({ kind: 'list', ordered: false, items: listItems(lines, /^[-*]\s+/, country) });
    } else if (/^\d+\.\s+/.test(first)) {
      blocks.push({ kind: 'list', ordered: true, items: listItems(lines, /^\d+\.\s+/, country) });
    } else if (lines.every((line) => line.startsWith('>'))) {
      blocks.push({
        kind: 'quote',
        inlines: parseInline(lines.map((line) => line.replace(/^>\s?/, '')).join(' '), country),
      });
    } else {
      blocks.push({ kind: 'paragraph', inlines: parseInline(lines.join(' '), country) });
    }
  }
  return blocks;
}

/** Replaces `{{name}}` placeholders; an unknown name is left visible so a missing fact is noticed in review. */
export function fillPlaceholders(source: string, values: Readonly<Record<string, string>>): string {
  return source.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}
