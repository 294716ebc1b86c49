import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildPrescriptionDetail, buildPrescribedTool } from '../../testing/handlers/prescriptions';
import { buildProduct } from '../../testing/data';
import { pdfText } from '../../../tests/support/pdf-text';
import { buildPrescriptionPdf, prescriptionPdfFileName } from './prescription-pdf';

describe('buildPrescriptionPdf', () => {
  it('states the professional, the patient, the date, the tools with indications and the personal notice', async () => {
    const detail = buildPrescriptionDetail({
      notes: 'Control en 8 semanas con perfil tiroideo.',
      tools: [
        buildPrescribedTool(buildProduct({ id: 1, name: 'Magnesio Bisglicinato 400 mg' }), {
          momentsDay: [
            { id: 3, quantity: 1, value: 'Con el desayuno' },
            { id: 10, quantity: 0.5, value: 'Antes de dormir' },
          ],
          prescriptionDuration: { time: 'months', quantity: 2 },
          prescriptionIndications: 'Tomar con un vaso de agua 🙂.',
          dailyCapsules: 1.5,
          units: 2,
        }),
      ],
    });
    const pages = await pdfText(await buildPrescriptionPdf(detail, 'co'));
    const text = pages.join('\n');
    const expectedLines = [
      'Prescripción N.º 7001',
      'Fecha: 10 de noviembre de 2026',
      'Carolina Mejía',
      'Medicina funcional · Registro RM-52345671',
      'Mariana Gómez Ortiz',
      'Documento: 52345674',
      '1. Magnesio Bisglicinato 400 mg',
      'Momento del día: Con el desayuno: 1 · Antes de dormir: 0,5',
      'Duración: 2 meses',
      'Cápsulas diarias: 1,5 al día',
      'Unidades del producto: 2 unidades',
      // An emoji cannot be drawn with the standard fonts: it becomes '?' instead of breaking the download.
      'Indicaciones: Tomar con un vaso de agua ?.',
      'Control en 8 semanas con perfil tiroideo.',
    ];
    for (const line of expectedLines) expect(text).toContain(line);
    expect(pages[0]).toContain('Documento personal e intransferible');
    expect(pages[0]).toContain('No lo compartas.');

    const document = await PDFDocument.load(await buildPrescriptionPdf(detail, 'co'));
    expect(document.getTitle()).toBe('Prescripción N.º 7001');
    expect(document.getAuthor()).toBe('Carolina Mejía');
  });

  it('puts the notice on every page of a long prescription', async () => {
    const tools = Array.from({ length: 14 }, (_, index) =>
      buildPrescribedTool(buildProduct({ id: index + 1, name: `Herramienta ${index + 1}` }), {
        prescriptionIndications: 'Indicación larga '.repeat(20),
      }),
    );
    const pages = await pdfText(await buildPrescriptionPdf(buildPrescriptionDetail({ tools }), 'co'));
    expect(pages.length).toBeGreaterThan(1);
    for (const [index, page] of pages.entries()) {
      expect(page).toContain('Documento personal e intransferible');
      expect(page).toContain(`Página ${index + 1} de ${pages.length}`);
    }
    expect(pages.join('\n')).toContain('14. Herramienta 14');
  });

  it('names the file after the kind and the number', () => {
    expect(prescriptionPdfFileName({ id: 3, type: 'prescription' })).toBe('prescripcion-3.pdf');
    expect(prescriptionPdfFileName({ id: 4, type: 'recommendation' })).toBe('recomendacion-4.pdf');
  });
});
