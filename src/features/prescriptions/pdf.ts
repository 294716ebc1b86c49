// The prescription or recommendation as a PDF made on the device (no server round trip, works offline with the copy
// kept on the device), in the same layout the server makes (`src/lib/shared/prescription-pdf.ts`).

import type { CountryCode } from '../../lib/shared/countries';
import { buildPrescriptionPdf, prescriptionPdfFileName } from '../../lib/shared/prescription-pdf';
import type { PrescriptionDto } from '../../lib/shared/prescriptions';

/** The browser has started reading the file once the click is handled; a minute later nothing needs the URL. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** Builds the PDF and hands it to the browser as a download. */
export async function downloadPrescriptionPdf(prescription: PrescriptionDto, country: CountryCode): Promise<string> {
  const bytes = await buildPrescriptionPdf(prescription, country);
  const fileName = prescriptionPdfFileName(prescription);
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  return fileName;
}
