import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { pdfText } from '../../support/pdf-text';

/** The text a downloaded prescription PDF draws, its pages' lines one after another. */
export async function downloadedPdfText(download: Download): Promise<string> {
  const pages = await pdfText(await readFile(await download.path()));
  return pages.join('').replace(/\n$/, '');
}
