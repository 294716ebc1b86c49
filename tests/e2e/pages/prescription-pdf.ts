import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import type { Download } from '@playwright/test';
import { PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

/** The text a downloaded prescription PDF draws: each line is a hex string shown with `Tj` in a deflated stream. */
export async function downloadedPdfText(download: Download): Promise<string> {
  const path = await download.path();
  const document = await PDFDocument.load(await readFile(path));
  const lines: string[] = [];
  for (const page of document.getPages()) {
    const contents = page.node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    for (const ref of refs) {
      const stream = document.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      const raw = stream.getContents();
      const decoded = Buffer.from(stream.dict.get(PDFName.of('Filter')) ? inflateSync(raw) : raw).toString('latin1');
      for (const match of decoded.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        lines.push(Buffer.from(match[1] ?? '', 'hex').toString('latin1'));
      }
    }
  }
  return lines.join('\n');
}
