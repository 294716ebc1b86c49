import type { Kysely } from 'kysely';
import type { DocumentKind } from '../../../src/lib/shared/prescriptions';
import type { Database } from '../db/schema';
import { renderTextPdf, type TextDocument } from './pdf';

interface SeedDocument extends TextDocument {
  kind: DocumentKind;
  fileName: string;
  description: string;
}

/** The library's starting documents (product §1 medical resources), rendered to PDF when seeding. */
const DOCUMENTS: SeedDocument[] = [
  {
    kind: 'template',
    fileName: 'historia-clinica-funcional.pdf',
    title: 'Plantilla de historia clínica funcional',
    description: 'Formato para la primera consulta: antecedentes, hábitos, síntomas por sistemas y objetivos.',
    paragraphs: [
      'Datos del paciente: nombres, apellidos, fecha de nacimiento, documento, teléfono y correo electrónico.',
      'Motivo de consulta y objetivos del paciente en sus propias palabras.',
      'Antecedentes personales y familiares: enfermedades crónicas, cirugías, alergias, medicamentos y suplementos actuales.',
      'Hábitos: alimentación de un día típico, horas y calidad del sueño, actividad física, consumo de alcohol, tabaco y cafeína, manejo del estrés.',
      'Revisión por sistemas: digestivo, energía y metabolismo, hormonal, inmunológico, piel, ánimo y cognición.',
      'Exámenes de laboratorio disponibles y fecha de realización.',
      'Plan acordado: cambios de hábitos, herramientas funcionales indicadas y fecha del próximo control.',
    ],
  },
  {
    kind: 'template',
    fileName: 'plan-de-suplementacion.pdf',
    title: 'Plantilla de plan de suplementación',
    description: 'Tabla para entregar al paciente con cada herramienta, su horario, su dosis y su duración.',
    paragraphs: [
      'Para cada herramienta indique: nombre del producto, momento del día (en ayunas, con el desayuno, media mañana, con el almuerzo, media tarde, con la cena o antes de dormir), cantidad por toma y duración del tratamiento.',
      'Indique también las unidades que el paciente debe comprar para completar el tratamiento.',
      'Observaciones: interacciones conocidas con medicamentos, recomendaciones de conservación y signos por los que el paciente debe consultar.',
      'Firma y número de tarjeta profesional de quien indica el plan.',
    ],
  },
  {
    kind: 'patient-support',
    fileName: 'alimentacion-antiinflamatoria.pdf',
    title: 'Guía de alimentación antiinflamatoria',
    description: 'Recomendaciones prácticas para el día a día, para entregar al paciente.',
    paragraphs: [
      'Una alimentación antiinflamatoria se basa en alimentos reales y poco procesados.',
      '• Llene la mitad del plato con verduras de distintos colores.',
      '• Prefiera grasas de buena calidad: aguacate, aceite de oliva, nueces, semillas y pescados azules.',
      '• Reduzca los azúcares añadidos, las harinas refinadas y los productos ultraprocesados.',
      '• Beba agua a lo largo del día y modere el alcohol.',
      'Estos consejos no reemplazan las indicaciones de su profesional de la salud. Consulte ante cualquier duda.',
    ],
  },
  {
    kind: 'patient-support',
    fileName: 'higiene-del-sueno.pdf',
    title: 'Higiene del sueño',
    description: 'Hábitos que ayudan a conciliar y mantener un descanso reparador.',
    paragraphs: [
      '• Acuéstese y levántese a la misma hora, también los fines de semana.',
      '• Evite pantallas y luz intensa durante la hora previa a dormir.',
      '• Mantenga el dormitorio oscuro, silencioso y fresco.',
      '• Evite la cafeína después del mediodía y las comidas abundantes en la noche.',
      'Si toma suplementos indicados para antes de dormir, respete la dosis y el horario que le indicaron.',
    ],
  },
  {
    kind: 'patient-support',
    fileName: 'como-tomar-tus-suplementos.pdf',
    title: 'Cómo tomar tus suplementos',
    description: 'Explica los momentos del día de una prescripción y cómo organizar las tomas.',
    paragraphs: [
      'Su prescripción indica para cada producto el momento del día, la cantidad por toma y la duración.',
      'En ayunas significa al despertar, al menos 30 minutos antes del desayuno. Con las comidas significa durante o justo después de comer.',
      'Use un organizador semanal y una alarma para no olvidar las tomas.',
      'No suspenda ni cambie la dosis sin consultar a quien le indicó el tratamiento.',
    ],
  },
];

/**
 * Adds the starting library when it is empty: a fresh database, and one migrated to 0006 after it was seeded.
 * Never touches a library that already holds documents.
 */
export async function seedDocumentsIfEmpty(db: Kysely<Database>): Promise<void> {
  const existing = await db.selectFrom('documents').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('documents')
    .values(
      DOCUMENTS.map((document) => {
        const content = renderTextPdf(document);
        return {
          kind: document.kind,
          title: document.title,
          description: document.description,
          file_name: document.fileName,
          mime: 'application/pdf',
          size: content.byteLength,
          content,
        };
      }),
    )
    .execute();
}
