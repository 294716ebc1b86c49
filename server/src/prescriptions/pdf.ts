import {
  DURATION_UNIT_LABELS,
  PRESCRIPTION_TYPE_LABELS,
  type PrescriptionDto,
} from '../../../src/lib/shared/prescriptions';
import { COUNTRIES, type CountryCode } from '../../../src/lib/shared/countries';
import type { TextDocument } from '../documents/pdf';

/** Product §2 recommendation detail: it is personal and must not be shared. */
const PERSONAL_DOCUMENT_NOTICE =
  'Este documento es personal e intransferible: no lo compartas. Sigue las indicaciones de tu profesional de la salud.';

const quantityFormat = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });

/** The printable text of a prescription (product §2 "download"): who, for whom, when, and each tool's indications. */
export function prescriptionDocument(dto: PrescriptionDto, country: CountryCode): TextDocument {
  const issued = new Intl.DateTimeFormat('es-CO', { dateStyle: 'long', timeZone: COUNTRIES[country].timeZone }).format(
    new Date(dto.createdAt),
  );
  const license = dto.author.professional_license_number
    ? `, tarjeta profesional ${dto.author.professional_license_number}`
    : '';
  const tools = dto.tools.map((tool, index) => {
    const moments = tool.momentsDay.map((moment) => `${moment.value}: ${quantityFormat.format(moment.quantity)}`);
    const duration = `${tool.prescriptionDuration.quantity} ${DURATION_UNIT_LABELS[tool.prescriptionDuration.time].toLowerCase()}`;
    return [
      `${index + 1}. ${tool.name} (${tool.presentation}) — ${tool.units} ${tool.units === 1 ? 'unidad' : 'unidades'}.`,
      `Tomas: ${moments.join('; ')}. ${quantityFormat.format(tool.dailyCapsules)} al día durante ${duration}.`,
      tool.prescriptionIndications ? `Indicaciones: ${tool.prescriptionIndications}` : '',
    ]
      .filter(Boolean)
      .join(' ');
  });
  return {
    title: `${PRESCRIPTION_TYPE_LABELS[dto.type]} n.º ${dto.id}`,
    paragraphs: [
      `Fecha: ${issued}.`,
      `Profesional: ${dto.author.display_name}${license}.`,
      `Paciente: ${dto.patient.display_name}${dto.patient.document_number ? `, documento ${dto.patient.document_number}` : ''}.`,
      ...tools,
      ...(dto.notes ? [`Notas: ${dto.notes}`] : []),
      PERSONAL_DOCUMENT_NOTICE,
    ],
  };
}
