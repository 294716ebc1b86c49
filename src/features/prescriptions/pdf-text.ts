// For tests only (never imported by the app): reads back the text a PDF made by ./pdf draws.
/* eslint-disable lingui/no-unlocalized-strings -- PDF object names ('Contents', 'Filter'), not copy */

import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

/** The text drawn on each page: pdf-lib writes each line as a hex string shown with `Tj` in a deflated stream. */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(bytes);
  return document.getPages().map((page) => {
    const contents = page.node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    let text = '';
    for (const ref of refs) {
      const stream = document.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      const raw = stream.getContents();
      const filter = stream.dict.get(PDFName.of('Filter'));
      const decoded = Buffer.from(filter ? inflateSync(raw) : raw).toString('latin1');
      for (const match of decoded.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        text += `${Buffer.from(match[1] ?? '', 'hex').toString('latin1')}\n`;
      }
    }
    return text;
  });
}
