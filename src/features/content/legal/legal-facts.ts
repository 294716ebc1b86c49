/* eslint-disable lingui/no-unlocalized-strings -- legal facts are document content, like legal/*.md: they change per country, not per catalogue language. */
import type { CountryCode } from '../../../lib/shared/countries';
import { PRIVACY_EMAIL } from '../../../lib/shared/privacy';

/**
 * The facts the shared terms of use name per country. Legal names of authorities and laws are proper nouns and
 * stay in Spanish in every catalogue, so they live here rather than in the message catalogues.
 */
// Business details to confirm with counsel before launch. The data protection contact is named once, in the shared
// module the consent texts also use.

export const LEGAL_FACTS: Record<CountryCode, Readonly<Record<string, string>>> = {
  co: {
    pais: 'Colombia',
    moneda: 'pesos colombianos (COP)',
    impuesto: 'IVA',
    ley_consumidor: 'la Ley 1480 de 2011 (Estatuto del Consumidor)',
    autoridad_sanitaria: 'INVIMA',
    reclamos:
      'Puedes presentar peticiones, quejas y reclamos (PQR) desde tu cuenta o por la línea de atención. Si no quedas conforme, puedes acudir a la Superintendencia de Industria y Comercio.',
    correo_datos: PRIVACY_EMAIL,
  },
  mx: {
    pais: 'México',
    moneda: 'pesos mexicanos (MXN)',
    impuesto: 'IVA',
    ley_consumidor: 'la Ley Federal de Protección al Consumidor',
    autoridad_sanitaria: 'COFEPRIS',
    reclamos:
      'Puedes presentar tus reclamaciones desde tu cuenta o por la línea de atención. Si no quedas conforme, puedes acudir a la Procuraduría Federal del Consumidor (PROFECO).',
    correo_datos: PRIVACY_EMAIL,
  },
  pe: {
    pais: 'Perú',
    moneda: 'soles (PEN)',
    impuesto: 'IGV',
    ley_consumidor: 'la Ley N.° 29571, Código de Protección y Defensa del Consumidor',
    autoridad_sanitaria: 'DIGEMID',
    reclamos:
      'Ponemos a tu disposición un Libro de Reclamaciones virtual, como exige el Código de Protección y Defensa del Consumidor, además de la atención desde tu cuenta. Si no quedas conforme, puedes acudir al INDECOPI.',
    correo_datos: PRIVACY_EMAIL,
  },
};
