// For tests only (the web, server and end-to-end tests; outside the shipped src/lib/shared): reads back the text a PDF
// made by src/lib/shared/prescription-pdf draws. pdf-lib's own stream decoding, so it runs in Node and in a browser alike.

import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

/** A hex string of WinAnsi bytes, as pdf-lib writes the text it draws. */
function fromHex(hex: string): string {
  let text = '';
  for (let index = 0; index + 1 < hex.length; index += 2)
    text += String.fromCharCode(parseInt(hex.slice(index, index + 2), 16));
  return text;
}

/** The text drawn on each page, a line per `Tj`: pdf-lib writes each line as a hex string in a deflated stream. */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(bytes);
  return document.getPages().map((page) => {
    const contents = page.node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    let text = '';
    for (const ref of refs) {
      const stream = document.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      const decoded = Array.from(decodePDFRawStream(stream).decode(), (byte) => String.fromCharCode(byte)).join('');
      for (const match of decoded.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) text += `${fromHex(match[1] ?? '')}\n`;
    }
    return text;
  });
}
