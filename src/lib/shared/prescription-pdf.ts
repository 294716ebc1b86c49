// The prescription or recommendation as a PDF (product §2 "download"): one layout, made by the server for
// `GET /prescriptions/{id}/pdf` and on the device from the copy it keeps (offline too). It is a Spanish dispensing
// document, in the country's Spanish and the store's time zone whatever language the screens use. pdf-lib is loaded
// only when a PDF is asked for (about 180 KB gzip on the device).

import type { PDFFont, PDFPage } from 'pdf-lib';
import { COUNTRIES, type CountryCode } from './countries';
import { formatQuantity, formatStoreDate } from './formats';
import { spanish } from './labels';
import { momentValue, PRESCRIPTION_TYPE_LABELS } from './prescription-labels';
import type { PrescriptionDto, PrescriptionToolDto } from './prescriptions';
import { toWinAnsi } from './win-ansi';

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const BODY_SIZE = 10.5;
const LINE_GAP = 4;
const FOOTER_SPACE = 60;
const BRAND = 'Dispensario Funcional';
/** Product §2: the notice that the document is personal and not to be shared, on every page. */
export const PERSONAL_NOTICE =
  'Documento personal e intransferible: es solo para el paciente indicado. No lo compartas.';

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

export function prescriptionPdfFileName(prescription: Pick<PrescriptionDto, 'id' | 'type'>): string {
  return `${prescription.type === 'prescription' ? 'prescripcion' : 'recomendacion'}-${prescription.id}.pdf`;
}

const DURATION_WORDS = {
  days: ['día', 'días'],
  weeks: ['semana', 'semanas'],
  months: ['mes', 'meses'],
} as const;

/** The indications of one tool, as the builder and the prescription's page word them. */
function toolLines(tool: PrescriptionToolDto, locale: string): string[] {
  const quantity = (value: number) => formatQuantity(value, locale);
  const moments = [...tool.momentsDay]
    .sort((a, b) => a.id - b.id)
    .map((moment) => `${momentValue(moment.id) ?? moment.value}: ${quantity(moment.quantity)}`)
    .join(' · ');
  const { time, quantity: length } = tool.prescriptionDuration;
  const duration = `${length} ${DURATION_WORDS[time][length === 1 ? 0 : 1]}`;
  const indications = tool.prescriptionIndications.trim();
  return [
    `Momento del día: ${moments}`,
    `Duración: ${duration}`,
    `Cápsulas diarias: ${quantity(tool.dailyCapsules)} al día`,
    `Unidades del producto: ${tool.units} ${tool.units === 1 ? 'unidad' : 'unidades'}`,
    ...(indications ? [`Indicaciones: ${indications}`] : []),
  ];
}

/**
 * Product §2: the professional, the patient, the date, the tools with their indications, the notes and the personal
 * notice on every page.
 */
export async function buildPrescriptionPdf(prescription: PrescriptionDto, country: CountryCode): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const locale = COUNTRIES[country].intlLocale;
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.13, 0.16, 0.2);
  const muted = rgb(0.35, 0.38, 0.42);
  const accent = rgb(0.05, 0.4, 0.35);
  const title = `${spanish(PRESCRIPTION_TYPE_LABELS[prescription.type])} N.º ${prescription.id}`;
  const author = prescription.author;
  const contentWidth = PAGE_WIDTH - MARGIN * 2;

  pdf.setTitle(toWinAnsi(title));
  pdf.setAuthor(toWinAnsi(author.display_name));
  pdf.setSubject(PERSONAL_NOTICE);
  pdf.setCreator(BRAND);
  pdf.setLanguage(locale);

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

  function heading(text: string) {
    write(text, { font: bold, size: 12, color: accent });
  }

  write(BRAND, { font: bold, size: 11, color: accent });
  gap(6);
  write(title, { font: bold, size: 18 });
  gap(8);
  write(`Fecha: ${formatStoreDate(prescription.createdAt, country) ?? prescription.createdAt}`);
  gap(10);

  heading('Profesional');
  write(author.display_name, { font: bold });
  const credentials = [
    author.specialty,
    author.professional_license_number && `Registro ${author.professional_license_number}`,
  ]
    .filter(Boolean)
    .join(' · ');
  if (credentials) write(credentials, { color: muted });
  gap(8);

  heading('Paciente');
  write(prescription.patient.display_name, { font: bold });
  if (prescription.patient.document_number) write(`Documento: ${prescription.patient.document_number}`);
  gap(10);

  heading('Herramientas funcionales');
  prescription.tools.forEach((tool, index) => {
    gap(4);
    ensureRoom(BODY_SIZE * 4);
    write(`${index + 1}. ${tool.name}`, { font: bold });
    if (tool.presentation) write(tool.presentation, { color: muted, indent: 12 });
    for (const line of toolLines(tool, locale)) write(line, { indent: 12 });
  });

  if (prescription.notes.trim()) {
    gap(10);
    heading('Observaciones');
    write(prescription.notes.trim());
  }

  const notice = wrapText(PERSONAL_NOTICE, bold, 9, contentWidth);
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
    const position = `Página ${index + 1} de ${pages.length}`;
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
