import type { CountryCode } from '../../../../src/lib/shared/countries';
import type { UpdatePointsConfigRequestDto } from '../../../../src/lib/shared/points';
import type { PointsItemKind } from '../schema';

/**
 * One point is worth about the same everywhere (≈ 10 COP ≈ 5 MXN cents ≈ 1 PEN cent); professionals get 2 % of
 * their own purchases and 3 % of their patients' purchases back as points.
 */
export const POINTS_CONFIG_DEFAULTS: Record<CountryCode, Required<UpdatePointsConfigRequestDto>> = {
  co: { pointValue: 10, purchaseRewardPercent: 2, prescriptionRewardPercent: 3 },
  mx: { pointValue: 5, purchaseRewardPercent: 2, prescriptionRewardPercent: 3 },
  pe: { pointValue: 1, purchaseRewardPercent: 2, prescriptionRewardPercent: 3 },
};

/** Demo professionals start with points to try the programme with (50 000 COP, 250 MXN or 50 PEN worth). */
export const STARTING_BALANCE_POINTS = 5_000;
export const STARTING_BALANCE_REASON = 'Saldo inicial de demostración';
export const STARTING_BALANCE_KEY = 'seed:saldo-inicial';

interface SeedPointsItem {
  kind: PointsItemKind;
  name: string;
  description: string;
  image: string | null;
  points: number;
  countries: readonly CountryCode[];
  /** Events: days from the seeding day to their start and end. */
  period?: { startDays: number; endDays: number };
}

const ALL: readonly CountryCode[] = ['co', 'mx', 'pe'];
const productImage = (slug: string) => `/api/media/products/${slug}.svg`;

/** Two events (one open, one over), three combos and four point products per country. */
export const pointsItems: SeedPointsItem[] = [
  {
    kind: 'event',
    name: 'Congreso de Medicina Funcional: cupo presencial',
    description:
      'Dos días de conferencias y talleres sobre nutrición clínica, microbiota y salud hormonal, con certificado de asistencia. El cupo incluye refrigerios y material de trabajo.',
    image: null,
    points: 3_000,
    countries: ALL,
    period: { startDays: -7, endDays: 90 },
  },
  {
    kind: 'event',
    name: 'Taller de hormonas bioidénticas en la consulta',
    description:
      'Taller práctico sobre evaluación, prescripción y seguimiento de la terapia con hormonas bioidénticas, con casos clínicos.',
    image: null,
    points: 1_500,
    countries: ALL,
    period: { startDays: -60, endDays: -30 },
  },
  {
    kind: 'combo',
    name: 'Combo consultorio funcional',
    description:
      'Tres frascos de Magnesio Bisglicinato 400 mg y tres de Omega 3 alta concentración para entregar como muestra a tus pacientes.',
    image: productImage('magnesio-bisglicinato-400-mg'),
    points: 4_500,
    countries: ALL,
  },
  {
    kind: 'combo',
    name: 'Combo salud digestiva',
    description: 'Probiótico multicepa 50 mil millones, enzimas digestivas de amplio espectro y L-glutamina en polvo.',
    image: productImage('probiotico-multicepa-50-mil-millones'),
    points: 3_800,
    countries: ALL,
  },
  {
    kind: 'combo',
    name: 'Combo energía y manejo del estrés',
    description: 'Ashwagandha KSM-66 600 mg, complejo B metilado y magnesio L-treonato.',
    image: productImage('ashwagandha-ksm-66-600-mg'),
    points: 4_200,
    countries: ALL,
  },
  {
    kind: 'product',
    name: 'Tensiómetro digital de brazo',
    description: 'Tensiómetro automático con brazalete universal y memoria para dos usuarios.',
    image: null,
    points: 2_500,
    countries: ALL,
  },
  {
    kind: 'product',
    name: 'Curso virtual: fundamentos de medicina funcional',
    description: 'Doce módulos en línea a tu ritmo, con evaluaciones y certificado.',
    image: null,
    points: 3_500,
    countries: ALL,
  },
  {
    kind: 'product',
    name: 'Recetarios personalizados (3 talonarios)',
    description: 'Talonarios de fórmula con tu nombre, registro profesional y datos de contacto.',
    image: null,
    points: 800,
    countries: ALL,
  },
  {
    kind: 'product',
    name: 'Café especial colombiano de origen (500 g)',
    description: 'Café de altura de una finca del Huila, tostión media, en grano.',
    image: null,
    points: 600,
    countries: ['co'],
  },
  {
    kind: 'product',
    name: 'Termo de acero con grabado',
    description: 'Termo de doble pared de 500 ml que conserva bebidas frías o calientes por horas.',
    image: null,
    points: 700,
    countries: ['mx'],
  },
  {
    kind: 'product',
    name: 'Chocolate de cacao peruano al 70 %',
    description: 'Caja de seis tabletas de cacao fino de aroma de Cusco y San Martín.',
    image: null,
    points: 650,
    countries: ['pe'],
  },
];
