// A small PDF writer for text documents (the library's seeded documents): A4 pages, Helvetica, a title and
// paragraphs wrapped to the page. Enough for readable Spanish handouts without a PDF dependency.

import { winAnsiBytes } from '../../../src/lib/shared/win-ansi';

const PAGE_WIDTH_PT = 595;
const PAGE_HEIGHT_PT = 842;
const MARGIN_PT = 56;
const TITLE_SIZE_PT = 18;
const BODY_SIZE_PT = 11;
const LINE_HEIGHT_PT = 15;
/** Helvetica at 11 pt averages about 5.3 pt per character: 90 characters fill the text width. */
const BODY_CHARS_PER_LINE = 90;
const LINES_PER_PAGE = Math.floor((PAGE_HEIGHT_PT - 2 * MARGIN_PT - 2 * LINE_HEIGHT_PT) / LINE_HEIGHT_PT);

/** A PDF string literal: parentheses and backslashes escaped, bytes in WinAnsi. */
function pdfString(text: string): string {
  return `(${String.fromCharCode(...winAnsiBytes(text)).replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

function wrap(paragraph: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export interface TextDocument {
  title: string;
  /** Paragraphs; a paragraph starting with '• ' is a list item. */
  paragraphs: string[];
}

/** The bytes of a PDF (1.4) holding the title on the first page and the paragraphs wrapped over as many pages. */
export function renderTextPdf(document: TextDocument): Buffer {
  const lines = document.paragraphs.flatMap((paragraph, index) => [
    ...(index > 0 ? [''] : []),
    ...wrap(paragraph, BODY_CHARS_PER_LINE),
  ]);
  const pages: string[][] = [];
  for (let start = 0; start === 0 || start < lines.length; start += LINES_PER_PAGE) {
    pages.push(lines.slice(start, start + LINES_PER_PAGE));
  }
  const top = PAGE_HEIGHT_PT - MARGIN_PT;
  const contents = pages.map((pageLines, index) => {
    const title =
      index === 0 ? `/F2 ${TITLE_SIZE_PT} Tf ${pdfString(document.title)} Tj 0 -${2 * LINE_HEIGHT_PT} Td ` : '';
    const body = pageLines.map((line) => `${pdfString(line)} Tj 0 -${LINE_HEIGHT_PT} Td`).join(' ');
    return `BT ${MARGIN_PT} ${top} Td ${title}/F1 ${BODY_SIZE_PT} Tf ${body} ET`;
  });

  // Objects: 1 catalog, 2 pages, 3–4 fonts, then a page and its content stream per page.
  const pageIds = pages.map((_, index) => 5 + 2 * index);
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
  contents.forEach((content, index) => {
    const pageId = pageIds[index] as number;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH_PT} ${PAGE_HEIGHT_PT}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    );
  });

  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
