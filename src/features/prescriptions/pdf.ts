// The prescription or recommendation as a PDF made on the device (no server round trip, works offline with the
// copy kept on the device). pdf-lib is about 180 KB gzip: it is imported only when a download is asked for.

import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { CountryCode } from '../../lib/shared/countries';
import type { PrescriptionDto } from '../../lib/shared/prescriptions';
import { formatDate } from './format';
import { dailyCapsulesText, durationText, momentsText, unitsText } from './indications-text';
import { TYPE_LABELS } from './labels';
import { personalNoticeText } from './notice';

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const BODY_SIZE = 10.5;
const LINE_GAP = 4;
const FOOTER_SPACE = 60;

/** The characters the standard PDF fonts can draw (WinAnsi): Latin-1 plus a few typographic ones. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/** Spanish text fits WinAnsi; anything else (emoji, other scripts) would make pdf-lib throw, so it becomes '?'. */
export function toWinAnsi(text: string): string {
  let result = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\t') result += ' ';
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(char)) {
      result += char;
    } else result += '?';
  }
  return result;
}

/** Splits a paragraph into lines that fit `width` at `size`, breaking long words if they must. */
export function wrapText(text: string, font: Pick<PDFFont, 'widthOfTextAtSize'>, size: number, width: number) {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

export function pdfFileName(prescription: Pick<PrescriptionDto, 'id' | 'type'>): string {
  const kind = prescription.type === 'prescription' ? t`prescripcion` : t`recomendacion`;
  return `${kind}-${prescription.id}.pdf`;
}

/**
 * Product §2: the professional, the patient, the date, the tools with their indications, the notes and the personal
 * notice on every page.
 */
export async function buildPrescriptionPdf(prescription: PrescriptionDto, country: CountryCode): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.13, 0.16, 0.2);
  const muted = rgb(0.35, 0.38, 0.42);
  const accent = rgb(0.05, 0.4, 0.35);
  const typeLabel = i18n._(TYPE_LABELS[prescription.type]);
  const title = t`${typeLabel} N.º ${prescription.id}`;
  const author = prescription.author;
  const contentWidth = PAGE_WIDTH - MARGIN * 2;
  const brand = t`Dispensario Funcional`;

  pdf.setTitle(toWinAnsi(title));
  pdf.setAuthor(toWinAnsi(author.display_name));
  pdf.setSubject(toWinAnsi(personalNoticeText()));
  pdf.setCreator(brand);
  pdf.setLanguage(COUNTRY_LANGUAGE[country]);

  const pages: PDFPage[] = [];
  let page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  pages.push(page);
  let y = PAGE_HEIGHT - MARGIN;

  function ensureRoom(height: number) {
    if (y - height >= MARGIN + FOOTER_SPACE) return;
    page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    pages.push(page);
    y = PAGE_HEIGHT - MARGIN;
  }

  function write(text: string, options: { font?: PDFFont; size?: number; color?: typeof ink; indent?: number } = {}) {
    const font = options.font ?? regular;
    const size = options.size ?? BODY_SIZE;
    const indent = options.indent ?? 0;
    for (const line of wrapText(toWinAnsi(text), font, size, contentWidth - indent)) {
      ensureRoom(size + LINE_GAP);
      y -= size;
      page.drawText(line, { x: MARGIN + indent, y, size, font, color: options.color ?? ink });
      y -= LINE_GAP;
    }
  }

  function gap(height: number) {
    y -= height;
  }

  write(brand, { font: bold, size: 11, color: accent });
  gap(6);
  write(title, { font: bold, size: 18 });
  gap(8);
  write(t`Fecha: ${formatDate(prescription.createdAt, country)}`);
  gap(10);

  write(t`Profesional`, { font: bold, size: 12, color: accent });
  write(author.display_name, { font: bold });
  const credentials = [
    author.specialty,
    author.professional_license_number && t`Registro ${author.professional_license_number}`,
  ]
    .filter(Boolean)
    .join(' · ');
  if (credentials) write(credentials, { color: muted });
  gap(8);

  write(t`Paciente`, { font: bold, size: 12, color: accent });
  write(prescription.patient.display_name, { font: bold });
  if (prescription.patient.document_number) write(t`Documento: ${prescription.patient.document_number}`);
  gap(10);

  write(t`Herramientas funcionales`, { font: bold, size: 12, color: accent });
  prescription.tools.forEach((tool, index) => {
    gap(4);
    ensureRoom(BODY_SIZE * 4);
    write(`${index + 1}. ${tool.name}`, { font: bold });
    if (tool.presentation) write(tool.presentation, { color: muted, indent: 12 });
    write(t`Momento del día: ${momentsText(tool.momentsDay, country)}`, { indent: 12 });
    write(t`Duración: ${durationText(tool.prescriptionDuration)}`, { indent: 12 });
    write(t`Cápsulas diarias: ${dailyCapsulesText(tool.dailyCapsules, country)}`, { indent: 12 });
    write(t`Unidades del producto: ${unitsText(tool.units)}`, { indent: 12 });
    if (tool.prescriptionIndications.trim()) {
      write(t`Indicaciones: ${tool.prescriptionIndications.trim()}`, { indent: 12 });
    }
  });

  if (prescription.notes.trim()) {
    gap(10);
    write(t`Observaciones`, { font: bold, size: 12, color: accent });
    write(prescription.notes.trim());
  }

  const notice = wrapText(toWinAnsi(personalNoticeText()), bold, 9, contentWidth);
  pages.forEach((each, index) => {
    let footerY = MARGIN + 12 + notice.length * 11;
    each.drawLine({
      start: { x: MARGIN, y: footerY + 6 },
      end: { x: PAGE_WIDTH - MARGIN, y: footerY + 6 },
      thickness: 0.5,
      color: muted,
    });
    for (const line of notice) {
      footerY -= 11;
      each.drawText(line, { x: MARGIN, y: footerY, size: 9, font: bold, color: ink });
    }
    const position = toWinAnsi(t`Página ${index + 1} de ${pages.length}`);
    each.drawText(position, {
      x: PAGE_WIDTH - MARGIN - regular.widthOfTextAtSize(position, 8),
      y: MARGIN - 8,
      size: 8,
      font: regular,
      color: muted,
    });
  });

  return pdf.save();
}

const COUNTRY_LANGUAGE: Record<CountryCode, string> = { co: 'es-CO', mx: 'es-MX', pe: 'es-PE' };

/** Builds the PDF and hands it to the browser as a download. */
export async function downloadPrescriptionPdf(prescription: PrescriptionDto, country: CountryCode): Promise<string> {
  const bytes = await buildPrescriptionPdf(prescription, country);
  const fileName = pdfFileName(prescription);
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading the file once the click is handled; a minute later nothing needs the URL.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName;
}
