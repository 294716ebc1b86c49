import { describe, expect, it } from 'vitest';
import { fillPlaceholders, parseInline, parseMarkdown, slugify } from './markdown';

describe('markdown subset', () => {
  it('reads headings, paragraphs joined across lines, lists and notes', () => {
    const blocks = parseMarkdown(
      '## Qué es\n\nUna línea\ny su continuación.\n\n- uno\n- **dos**\n\n1. primero\n2. segundo\n\n> Nota *importante*.',
      'co',
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, id: 'que-es', text: 'Qué es' },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'Una línea y su continuación.' }] },
      {
        kind: 'list',
        ordered: false,
        items: [[{ kind: 'text', text: 'uno' }], [{ kind: 'strong', text: 'dos' }]],
      },
      {
        kind: 'list',
        ordered: true,
        items: [[{ kind: 'text', text: 'primero' }], [{ kind: 'text', text: 'segundo' }]],
      },
      {
        kind: 'quote',
        inlines: [
          { kind: 'text', text: 'Nota ' },
          { kind: 'em', text: 'importante' },
          { kind: 'text', text: '.' },
        ],
      },
    ]);
  });

  it('joins a list item wrapped over several lines', () => {
    expect(parseMarkdown('- uno que sigue\n  en otra línea\n- dos', 'co')).toEqual([
      {
        kind: 'list',
        ordered: false,
        items: [[{ kind: 'text', text: 'uno que sigue en otra línea' }], [{ kind: 'text', text: 'dos' }]],
      },
    ]);
  });

  it("puts the page's country into internal links and keeps other links as they are", () => {
    expect(parseInline('Ve al [catálogo](/{c}/herramientas) o a [la fuente](https://ods.od.nih.gov/).', 'pe')).toEqual([
      { kind: 'text', text: 'Ve al ' },
      { kind: 'link', text: 'catálogo', href: '/pe/herramientas' },
      { kind: 'text', text: ' o a ' },
      { kind: 'link', text: 'la fuente', href: 'https://ods.od.nih.gov/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never turns markup into elements: tags stay text', () => {
    expect(parseInline('<img src=x onerror=alert(1)>', 'co')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
  });

  it('makes anchors without accents and fills known placeholders only', () => {
    expect(slugify('Autorización para el tratamiento de datos de salud')).toBe(
      'autorizacion-para-el-tratamiento-de-datos-de-salud',
    );
    expect(fillPlaceholders('{{pais}} y {{otro}}', { pais: 'Perú' })).toBe('Perú y {{otro}}');
  });
});
