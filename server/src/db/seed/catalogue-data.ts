interface SeedCategory {
  id: number;
  name: string;
  slug: string;
  description: string;
  patientVisible: boolean;
}
interface SeedPharmaceuticalForm {
  id: number;
  name: string;
  slug: string;
}
interface SeedPresentation {
  containerType: string;
  quantity: number;
  unitSymbol: string;
  isDefault: boolean;
}
export interface SeedProduct {
  slug: string; // kebab-case, unique, ascii only
  name: string; // commercial name, e.g. 'Magnesio Bisglicinato 400 mg'
  description: string; // 2–4 sentences of real, careful Spanish copy: what it is, what it supports, how it is usually taken; no miracle claims; hormones mention they require a signed medical prescription
  tag: string; // short label, e.g. 'Sueño y relajación'
  categoryId: number;
  pharmaceuticalFormId: number;
  presentations: SeedPresentation[]; // 1 or 2, exactly one isDefault
  capsuleInfo: string | null; // e.g. '1 cápsula = 400 mg de magnesio elemental' (null for creams/liquids if it does not apply)
  serialNumber: string; // unique lot/serial like 'FM-CO-000123' style, unique across products
  stock: number | null; // null = stock not tracked; include at least 4 products with 0 (out of stock) and several with null
  prices: { co: number; mx: number; pe: number }; // co in whole Colombian pesos (e.g. 89000), mx in MXN CENTS (e.g. 45900 = $459.00), pe in PEN CENTS (e.g. 8990 = S/ 89.90); realistic and consistent with each other
  vatIncluded: boolean; // products priced with VAT included (shown with an asterisk); about half
  featured: boolean; // 8 to 12 products featured, none of them from categories 4 or 5
  pointsPrice: number | null; // about 8 products also redeemable with points (e.g. 1200), others null
  image: { hue: number; shape: 'bottle' | 'jar' | 'dropper' | 'tube' | 'box' | 'vial' }; // drives the generated drawing; hue 0-359
}

export const categories: SeedCategory[] = [
  {
    id: 1,
    name: 'Vitaminas y minerales',
    slug: 'vitaminas-y-minerales',
    description:
      'Vitaminas en sus formas activas y minerales quelados de alta absorción para corregir carencias frecuentes.',
    patientVisible: true,
  },
  {
    id: 2,
    name: 'Probióticos y salud digestiva',
    slug: 'probioticos-y-salud-digestiva',
    description:
      'Probióticos, prebióticos, enzimas y nutrientes que apoyan la digestión, la microbiota y la mucosa intestinal.',
    patientVisible: true,
  },
  {
    id: 3,
    name: 'Adaptógenos y fitoterapia',
    slug: 'adaptogenos-y-fitoterapia',
    description:
      'Extractos de plantas y hongos estandarizados que apoyan la respuesta al estrés, la energía y el equilibrio.',
    patientVisible: true,
  },
  {
    id: 4,
    name: 'Hormonas bioidénticas',
    slug: 'hormonas-bioidenticas',
    description:
      'Fórmulas magistrales de hormonas bioidénticas que se dispensan únicamente con fórmula médica firmada.',
    patientVisible: false,
  },
  {
    id: 5,
    name: 'Uso profesional e inyectables',
    slug: 'uso-profesional',
    description:
      'Ampollas y viales para sueroterapia y aplicación en consultorio, reservados a profesionales de la salud.',
    patientVisible: false,
  },
  {
    id: 6,
    name: 'Omega y ácidos grasos',
    slug: 'omega-y-acidos-grasos',
    description: 'Aceites de pescado, krill, algas y semillas purificados, fuente de ácidos grasos esenciales.',
    patientVisible: true,
  },
  {
    id: 7,
    name: 'Detoxificación y soporte metabólico',
    slug: 'detox-y-soporte-metabolico',
    description:
      'Antioxidantes y nutrientes que apoyan la función hepática, la detoxificación y el metabolismo de la glucosa.',
    patientVisible: true,
  },
  {
    id: 8,
    name: 'Aminoácidos y proteínas',
    slug: 'aminoacidos-y-proteinas',
    description: 'Aminoácidos libres, colágeno y proteínas en polvo para la reparación de tejidos y la masa muscular.',
    patientVisible: true,
  },
  {
    id: 9,
    name: 'Salud cognitiva y sueño',
    slug: 'salud-cognitiva-y-sueno',
    description:
      'Nutrientes y extractos que apoyan la memoria, la concentración, el estado de ánimo y un descanso reparador.',
    patientVisible: true,
  },
];

export const pharmaceuticalForms: SeedPharmaceuticalForm[] = [
  { id: 1, name: 'Cápsulas', slug: 'capsulas' },
  { id: 2, name: 'Tabletas', slug: 'tabletas' },
  { id: 3, name: 'Polvo', slug: 'polvo' },
  { id: 4, name: 'Gotas', slug: 'gotas' },
  { id: 5, name: 'Crema transdérmica', slug: 'crema-transdermica' },
  { id: 6, name: 'Cápsulas blandas (softgel)', slug: 'capsulas-blandas' },
  { id: 7, name: 'Ampolla', slug: 'ampolla' },
  { id: 8, name: 'Trocisco', slug: 'trocisco' },
  { id: 9, name: 'Líquido oral', slug: 'liquido-oral' },
];

/**
 * One product of the table below. `facts` holds its short fields separated by ' | ': slug | name | tag |
 * pharmaceutical form id | serial number | stock ('-': not tracked) | prices co mx pe (the units of `SeedProduct`) |
 * flags ('iva': VAT included, 'destacado': featured; '-': neither) | points price ('-': none) | drawing's hue and shape.
 * `presentations` lists 'container quantity unit' separated by ', ', the default first.
 */
interface ProductEntry {
  facts: string;
  presentations: string;
  description: string;
  capsuleInfo: string | null;
}

const SHAPES = ['bottle', 'jar', 'dropper', 'tube', 'box', 'vial'] as const;
const FLAGS = ['iva', 'destacado'];

/** The products' fields are checked as the table is read: a typo fails the seed and every test that imports it. */
function seedProduct(categoryId: number, entry: ProductEntry): SeedProduct {
  const wholeNumber = (text: string | undefined): number => {
    const value = Number(text);
    if (!text || !Number.isInteger(value)) throw new Error(`Bad number in catalogue entry: ${entry.facts}`);
    return value;
  };
  const optionalNumber = (text: string | undefined) => (text === '-' ? null : wholeNumber(text));
  const fields = entry.facts.split(' | ');
  const [
    slug = '',
    name = '',
    tag = '',
    form,
    serialNumber = '',
    stock,
    prices = '',
    flags = '',
    points,
    drawing = '',
  ] = fields;
  const [co, mx, pe] = prices.split(' ');
  const flagWords = flags === '-' ? [] : flags.split(' ');
  const [hue, shapeName] = drawing.split(' ');
  const shape = SHAPES.find((candidate) => candidate === shapeName);
  if (fields.length !== 10 || !shape || flagWords.some((flag) => !FLAGS.includes(flag))) {
    throw new Error(`Bad catalogue entry: ${entry.facts}`);
  }
  return {
    slug,
    name,
    description: entry.description,
    tag,
    categoryId,
    pharmaceuticalFormId: wholeNumber(form),
    presentations: entry.presentations.split(', ').map((presentation, index) => {
      const [containerType = '', quantity, unitSymbol = ''] = presentation.split(' ');
      return { containerType, quantity: wholeNumber(quantity), unitSymbol, isDefault: index === 0 };
    }),
    capsuleInfo: entry.capsuleInfo,
    serialNumber,
    stock: optionalNumber(stock),
    prices: { co: wholeNumber(co), mx: wholeNumber(mx), pe: wholeNumber(pe) },
    vatIncluded: flagWords.includes('iva'),
    featured: flagWords.includes('destacado'),
    pointsPrice: optionalNumber(points),
    image: { hue: wholeNumber(hue), shape },
  };
}

/** The catalogue by category (in the categories' order: the products' ids follow it). */
const productsByCategory: Record<number, ProductEntry[]> = {
  // Vitaminas y minerales
  1: [
    {
      facts:
        'magnesio-bisglicinato-400-mg | Magnesio Bisglicinato 400 mg | Sueño y relajación | 1 | FM-VM-010137 | 140 | 89000 45390 8990 | iva destacado | - | 39 bottle',
      presentations: 'Frasco 60 cápsulas, Frasco 120 cápsulas',
      description:
        'Magnesio quelado con glicina, una forma de alta absorción y buena tolerancia digestiva. Contribuye al funcionamiento normal del sistema nervioso y muscular y a la reducción del cansancio. Se toman habitualmente 2 cápsulas al día, de preferencia en la noche.',
      capsuleInfo: '2 cápsulas = 400 mg de magnesio elemental (como bisglicinato)',
    },
    {
      facts:
        'vitamina-d3-k2-gotas | Vitamina D3 + K2 (MK-7) Gotas | Huesos e inmunidad | 4 | FM-VM-010174 | 95 | 79000 40290 7990 | iva destacado | - | 46 dropper',
      presentations: 'Gotero 30 ml',
      description:
        'Combinación de vitamina D3 (colecalciferol) y vitamina K2 en forma MK-7, disueltas en aceite de oliva extra virgen. La vitamina D contribuye al mantenimiento de huesos normales y al funcionamiento del sistema inmunitario, y la K2 participa en la fijación del calcio. Se toman habitualmente 5 gotas al día con una comida que contenga grasa.',
      capsuleInfo: '5 gotas = 2000 UI de vitamina D3 + 50 µg de vitamina K2',
    },
    {
      facts:
        'vitamina-d3-5000-ui | Vitamina D3 5000 UI | Huesos e inmunidad | 6 | FM-VM-010211 | 210 | 59000 30090 5990 | iva | 900 | 53 bottle',
      presentations: 'Frasco 60 softgels, Frasco 120 softgels',
      description:
        'Vitamina D3 de alta potencia en cápsula blanda con aceite de oliva. Está pensada para corregir niveles bajos de vitamina D confirmados por laboratorio y bajo seguimiento profesional. Se toma habitualmente 1 softgel al día con el almuerzo.',
      capsuleInfo: '1 softgel = 5000 UI de vitamina D3 (colecalciferol)',
    },
    {
      facts:
        'complejo-b-metilado | Complejo B Metilado | Energía y metilación | 1 | FM-VM-010248 | 80 | 95000 48490 9590 | iva | - | 60 bottle',
      presentations: 'Frasco 60 cápsulas',
      description:
        'Vitaminas del grupo B en sus formas activas, con metilfolato y metilcobalamina. Contribuye al metabolismo energético normal, a la formación de glóbulos rojos y a la función normal del sistema nervioso. Se toma habitualmente 1 cápsula al día con el desayuno; puede dar un color amarillo intenso a la orina, lo cual es normal.',
      capsuleInfo: '1 cápsula = 400 µg de L-5-metilfolato + 500 µg de metilcobalamina + 25 mg de B6 (P5P)',
    },
    {
      facts:
        'zinc-picolinato-30-mg | Zinc Picolinato 30 mg | Inmunidad | 1 | FM-VM-010285 | 160 | 49000 24990 4890 | iva | 700 | 67 bottle',
      presentations: 'Frasco 60 cápsulas',
      description:
        'Zinc unido a ácido picolínico, una forma de buena biodisponibilidad. Contribuye al funcionamiento normal del sistema inmunitario y al mantenimiento de la piel, el cabello y las uñas. Se toma habitualmente 1 cápsula al día con alimentos para evitar molestias gástricas.',
      capsuleInfo: '1 cápsula = 30 mg de zinc elemental (como picolinato)',
    },
    {
      facts:
        'vitamina-c-liposomal-1000-mg | Vitamina C Liposomal 1000 mg | Antioxidante | 9 | FM-VM-010322 | 45 | 129000 65790 12990 | iva | - | 74 bottle',
      presentations: 'Frasco 250 ml',
      description:
        'Vitamina C encapsulada en liposomas de fosfolípidos de girasol, que favorecen su absorción y tolerancia digestiva. Contribuye a la protección de las células frente al daño oxidativo y a la formación normal de colágeno. Se toman habitualmente 5 ml al día, solos o diluidos en agua; mantener refrigerado después de abierto.',
      capsuleInfo: '5 ml = 1000 mg de vitamina C (ascorbato de sodio)',
    },
    {
      facts:
        'hierro-bisglicinato-25-mg | Hierro Bisglicinato 25 mg | Energía y vitalidad | 1 | FM-VM-010359 | 0 | 45000 22990 4490 | iva | - | 81 bottle',
      presentations: 'Frasco 60 cápsulas',
      description:
        'Hierro quelado con glicina, con menor tendencia a causar estreñimiento o molestias gástricas que las sales convencionales. Contribuye a la formación normal de glóbulos rojos y hemoglobina. Se toma habitualmente 1 cápsula al día, separada del café, el té y los lácteos; su uso debe basarse en un perfil de hierro.',
      capsuleInfo: '1 cápsula = 25 mg de hierro elemental (como bisglicinato ferroso)',
    },
    {
      facts:
        'selenio-200-ug | Selenio 200 µg (L-selenometionina) | Tiroides | 2 | FM-VM-010396 | 120 | 42000 21390 4190 | - | - | 88 bottle',
      presentations: 'Frasco 90 tabletas',
      description:
        'Selenio orgánico en forma de L-selenometionina. Contribuye a la función tiroidea normal y a la protección de las células frente al daño oxidativo. Se toma habitualmente 1 tableta al día con alimentos; no se recomienda superar la dosis indicada.',
      capsuleInfo: '1 tableta = 200 µg de selenio',
    },
    {
      facts:
        'multivitaminico-funcional-activo | Multivitamínico Funcional Activo | Bienestar general | 2 | FM-VM-010433 | 70 | 115000 58590 11590 | iva destacado | - | 95 bottle',
      presentations: 'Frasco 60 tabletas, Frasco 120 tabletas',
      description:
        'Fórmula completa de vitaminas y minerales con folato y B12 activas, minerales quelados y luteína. Está diseñada para cubrir carencias nutricionales frecuentes en la alimentación actual. Se toman habitualmente 2 tabletas al día con el desayuno.',
      capsuleInfo: '2 tabletas = dosis diaria completa de 24 vitaminas y minerales',
    },
    {
      facts:
        'vitamina-b12-metilcobalamina-1000-ug | Vitamina B12 Metilcobalamina 1000 µg | Energía y metilación | 2 | FM-VM-010470 | 130 | 52000 26490 5290 | iva | - | 122 bottle',
      presentations: 'Frasco 60 tabletas',
      description:
        'Vitamina B12 en forma de metilcobalamina en tableta sublingual de sabor cereza. Contribuye a la reducción del cansancio, a la formación normal de glóbulos rojos y a la función normal del sistema nervioso. Se deja disolver 1 tableta bajo la lengua al día; especialmente útil en dietas vegetarianas y veganas.',
      capsuleInfo: '1 tableta sublingual = 1000 µg de metilcobalamina',
    },
  ],
  // Probióticos y salud digestiva
  2: [
    {
      facts:
        'probiotico-multicepa-50-mil-millones | Probiótico Multicepa 50 mil millones UFC | Microbiota | 1 | FM-PD-020137 | 60 | 139000 70890 13990 | iva destacado | - | 157 bottle',
      presentations: 'Frasco 30 cápsulas, Frasco 60 cápsulas',
      description:
        'Probiótico de 12 cepas de Lactobacillus y Bifidobacterium en cápsulas vegetales gastrorresistentes. Apoya el equilibrio de la microbiota intestinal, en especial después de un tratamiento con antibióticos. Se toma habitualmente 1 cápsula al día en ayunas; conservar en un lugar fresco y seco.',
      capsuleInfo: '1 cápsula = 50 000 millones de UFC de 12 cepas',
    },
    {
      facts:
        'saccharomyces-boulardii-250-mg | Saccharomyces boulardii 250 mg | Microbiota | 1 | FM-PD-020174 | 90 | 69000 35190 6990 | iva | 1000 | 164 box',
      presentations: 'Caja 30 cápsulas',
      description:
        'Levadura probiótica resistente a los antibióticos, útil para acompañar tratamientos antibióticos y viajes. Apoya el equilibrio de la flora intestinal y la función de barrera del intestino. Se toman habitualmente 1 o 2 cápsulas al día, separadas al menos 2 horas de los antifúngicos.',
      capsuleInfo: '1 cápsula = 250 mg de Saccharomyces boulardii (5000 millones de UFC)',
    },
    {
      facts:
        'enzimas-digestivas-amplio-espectro | Enzimas Digestivas de Amplio Espectro | Digestión | 1 | FM-PD-020211 | 55 | 89000 45390 8990 | iva | - | 171 bottle',
      presentations: 'Frasco 90 cápsulas',
      description:
        'Complejo de enzimas de origen vegetal (proteasas, amilasa, lipasa, lactasa y celulasa) con bilis de buey. Apoya la digestión de proteínas, grasas y carbohidratos en personas con sensación de pesadez después de comer. Se toma habitualmente 1 cápsula al inicio de cada comida principal.',
      capsuleInfo: '1 cápsula = 350 mg de mezcla enzimática',
    },
    {
      facts:
        'betaina-hcl-pepsina | Betaína HCl + Pepsina | Digestión | 1 | FM-PD-020248 | 35 | 72000 36690 7290 | - | - | 163 bottle',
      presentations: 'Frasco 90 cápsulas',
      description:
        'Clorhidrato de betaína con pepsina, que complementa la acidez gástrica para la digestión de las proteínas. Se usa bajo orientación profesional en personas con baja acidez gástrica. Se toma 1 cápsula al inicio de las comidas con proteína; no debe usarse en caso de gastritis, úlcera o junto con antiinflamatorios.',
      capsuleInfo: '1 cápsula = 650 mg de betaína HCl + 25 mg de pepsina',
    },
    {
      facts:
        'reparador-intestinal-glutamina-zinc-carnosina | Reparador Intestinal con Glutamina y Zinc Carnosina | Mucosa intestinal | 3 | FM-PD-020285 | 40 | 149000 75990 14990 | iva | - | 185 jar',
      presentations: 'Tarro 300 g',
      description:
        'Fórmula en polvo con L-glutamina, zinc carnosina, regaliz desglicirrizado (DGL), aloe vera y N-acetilglucosamina. Aporta nutrientes que apoyan el mantenimiento de la mucosa intestinal. Se disuelve 1 cucharada en 200 ml de agua, una o dos veces al día, lejos de las comidas.',
      capsuleInfo: '1 cucharada (6 g) = 3 g de L-glutamina + 75 mg de zinc carnosina + 250 mg de DGL',
    },
    {
      facts:
        'fibra-prebiotica-phgg | Fibra Prebiótica PHGG | Tránsito intestinal | 3 | FM-PD-020322 | 75 | 79000 40290 7990 | iva | 1100 | 192 jar',
      presentations: 'Tarro 200 g',
      description:
        'Goma guar parcialmente hidrolizada, una fibra soluble sin sabor que se disuelve por completo en bebidas. Sirve de alimento a las bacterias beneficiosas del intestino y contribuye a un tránsito intestinal regular. Se comienza con 1 cucharadita al día y se aumenta gradualmente hasta 1 cucharada, siempre con suficiente agua.',
      capsuleInfo: '1 cucharada (5 g) = 4,5 g de fibra soluble',
    },
    {
      facts:
        'probiotico-infantil-gotas | Probiótico Infantil en Gotas | Microbiota infantil | 4 | FM-PD-020359 | 50 | 65000 33190 6590 | iva | - | 199 dropper',
      presentations: 'Gotero 10 ml',
      description:
        'Lactobacillus reuteri en suspensión oleosa, apta para lactantes y niños. Apoya el equilibrio de la microbiota intestinal en los primeros años de vida. Se administran habitualmente 5 gotas al día, directamente en la boca o en la cuchara, sin mezclar con líquidos calientes.',
      capsuleInfo: '5 gotas = 100 millones de UFC de Lactobacillus reuteri',
    },
  ],
  // Adaptógenos y fitoterapia
  3: [
    {
      facts:
        'ashwagandha-ksm-66-600-mg | Ashwagandha KSM-66 600 mg | Estrés y energía | 1 | FM-AF-030137 | 110 | 99000 50490 9990 | iva destacado | - | 102 bottle',
      presentations: 'Frasco 60 cápsulas, Frasco 120 cápsulas',
      description:
        'Extracto estandarizado de raíz de Withania somnifera (KSM-66) con 5 % de witanólidos. Adaptógeno tradicional de la medicina ayurvédica que apoya la respuesta saludable al estrés y la calidad del descanso. Se toma habitualmente 1 cápsula al día; no se recomienda en el embarazo ni en hipertiroidismo.',
      capsuleInfo: '1 cápsula = 600 mg de extracto de raíz de ashwagandha (5 % witanólidos)',
    },
    {
      facts:
        'rhodiola-rosea-500-mg | Rhodiola rosea 500 mg | Estrés y energía | 1 | FM-AF-030174 | 65 | 85000 43390 8590 | iva | 1200 | 109 bottle',
      presentations: 'Frasco 60 cápsulas',
      description:
        'Extracto de raíz de Rhodiola rosea estandarizado al 3 % de rosavinas y 1 % de salidrosida. Adaptógeno que apoya la resistencia ante el cansancio mental y físico en épocas de alta exigencia. Se toma habitualmente 1 cápsula en la mañana; evitar tomarla en la noche.',
      capsuleInfo: '1 cápsula = 500 mg de extracto de rhodiola (3 % rosavinas)',
    },
    {
      facts:
        'curcuma-piperina-95 | Cúrcuma + Piperina 95 % Curcuminoides | Respuesta inflamatoria | 1 | FM-AF-030211 | 130 | 92000 46890 9290 | iva destacado | - | 66 bottle',
      presentations: 'Frasco 60 cápsulas, Frasco 120 cápsulas',
      description:
        'Extracto de rizoma de cúrcuma con 95 % de curcuminoides, combinado con piperina de pimienta negra para mejorar su absorción. Apoya la respuesta inflamatoria normal del organismo y la comodidad articular. Se toma habitualmente 1 cápsula dos veces al día con comidas; consultar antes de usar si toma anticoagulantes.',
      capsuleInfo: '1 cápsula = 500 mg de extracto de cúrcuma (95 % curcuminoides) + 5 mg de piperina',
    },
    {
      facts:
        'maca-negra-gelatinizada | Maca Negra Gelatinizada en Polvo | Energía y vitalidad | 3 | FM-AF-030248 | 0 | 58000 29590 5890 | iva | - | 123 jar',
      presentations: 'Tarro 250 g',
      description:
        'Raíz de maca negra (Lepidium meyenii) de los Andes peruanos, gelatinizada para facilitar su digestión. Tradicionalmente usada para apoyar la energía, la vitalidad y el bienestar. Se mezcla 1 cucharada al día en batidos, jugos o avena.',
      capsuleInfo: '1 cucharada (10 g) = 10 g de maca negra gelatinizada',
    },
    {
      facts:
        'reishi-extracto-dual | Hongo Reishi Extracto Dual | Inmunidad | 1 | FM-AF-030285 | 40 | 105000 53590 10590 | iva | - | 50 bottle',
      presentations: 'Frasco 60 cápsulas',
      description:
        'Extracto dual (agua y alcohol) del cuerpo fructífero de Ganoderma lucidum, con betaglucanos y triterpenos. Tradicionalmente utilizado para apoyar el sistema inmunitario y el descanso. Se toman habitualmente 2 cápsulas al día, preferiblemente en la noche.',
      capsuleInfo: '2 cápsulas = 1000 mg de extracto de reishi (30 % betaglucanos)',
    },
    {
      facts:
        'ginseng-coreano-400-mg | Ginseng Coreano 400 mg | Rendimiento | 1 | FM-AF-030322 | 50 | 88000 44890 8890 | - | - | 77 bottle',
      presentations: 'Frasco 60 cápsulas',
      description:
        'Extracto de raíz de Panax ginseng rojo coreano, estandarizado en ginsenósidos. Apoya el rendimiento físico y mental y la sensación de vitalidad. Se toma habitualmente 1 cápsula en la mañana durante ciclos de 8 a 12 semanas; no se recomienda en hipertensión no controlada.',
      capsuleInfo: '1 cápsula = 400 mg de extracto de Panax ginseng (8 % ginsenósidos)',
    },
    {
      facts:
        'vitex-sauzgatillo-400-mg | Vitex (Sauzgatillo) 400 mg | Equilibrio femenino | 1 | FM-AF-030359 | 45 | 68000 34690 6890 | iva | - | 14 bottle',
      presentations: 'Frasco 60 cápsulas',
      description:
        'Extracto de fruto de Vitex agnus-castus, planta tradicionalmente utilizada en el bienestar femenino. Apoya el equilibrio del ciclo menstrual y el confort en los días previos a la menstruación. Se toma 1 cápsula al día en la mañana durante al menos 3 ciclos; no usar en el embarazo ni junto con anticonceptivos hormonales sin consejo profesional.',
      capsuleInfo: '1 cápsula = 400 mg de extracto de fruto de Vitex agnus-castus',
    },
    {
      facts:
        'tulsi-albahaca-sagrada-gotas | Tulsi (Albahaca Sagrada) Gotas | Estrés y energía | 4 | FM-AF-030396 | 35 | 62000 31590 6290 | iva | - | 151 dropper',
      presentations: 'Gotero 30 ml, Gotero 60 ml',
      description:
        'Extracto hidroalcohólico de hojas de Ocimum sanctum, planta adaptógena de la tradición ayurvédica. Apoya la respuesta saludable al estrés cotidiano y la claridad mental. Se toman habitualmente 30 gotas en un poco de agua, dos veces al día.',
      capsuleInfo: '30 gotas (1 ml) = 500 mg de hoja de tulsi equivalente',
    },
  ],
  // Hormonas bioidénticas
  4: [
    {
      facts:
        'progesterona-micronizada-100-mg | Progesterona Micronizada 100 mg | Terapia hormonal | 1 | FM-HB-040137 | - | 85000 43390 8590 | - | - | 337 bottle',
      presentations: 'Frasco 30 cápsulas, Frasco 60 cápsulas',
      description:
        'Progesterona bioidéntica micronizada en base oleosa, preparada como fórmula magistral. Se utiliza en terapia hormonal femenina según la pauta y los controles que defina el médico tratante. Habitualmente se toma en la noche porque puede producir somnolencia. Requiere fórmula médica firmada.',
      capsuleInfo: '1 cápsula = 100 mg de progesterona micronizada USP',
    },
    {
      facts:
        'progesterona-micronizada-200-mg | Progesterona Micronizada 200 mg | Terapia hormonal | 1 | FM-HB-040174 | - | 98000 49990 9890 | - | - | 354 bottle',
      presentations: 'Frasco 30 cápsulas',
      description:
        'Progesterona bioidéntica micronizada de mayor concentración, en cápsulas preparadas como fórmula magistral. La dosis, los días del ciclo y la duración del tratamiento los define exclusivamente el médico tratante. Se toma habitualmente en la noche. Requiere fórmula médica firmada.',
      capsuleInfo: '1 cápsula = 200 mg de progesterona micronizada USP',
    },
    {
      facts:
        'biest-80-20-crema-transdermica | Biest 80:20 Crema Transdérmica | Terapia hormonal | 5 | FM-HB-040211 | - | 120000 61190 12090 | - | - | 351 tube',
      presentations: 'Tubo 30 g',
      description:
        'Crema transdérmica con estriol y estradiol bioidénticos en proporción 80:20, en dispensador dosificador. Se emplea en terapia hormonal de la menopausia bajo seguimiento médico. Se aplica la dosis indicada sobre piel fina y limpia (cara interna del brazo o del muslo), rotando las zonas. Requiere fórmula médica firmada.',
      capsuleInfo: '1 g de crema = 2,5 mg de Biest (2 mg de estriol + 0,5 mg de estradiol)',
    },
    {
      facts:
        'dhea-25-mg | DHEA 25 mg | Terapia hormonal | 1 | FM-HB-040248 | - | 75000 38190 7590 | - | - | 338 bottle',
      presentations: 'Frasco 60 cápsulas',
      description:
        'Dehidroepiandrosterona micronizada, precursora de hormonas sexuales, en cápsulas de liberación inmediata. Su uso debe basarse en niveles de laboratorio y en el control periódico del médico tratante. Se toma habitualmente en la mañana. Requiere fórmula médica firmada.',
      capsuleInfo: '1 cápsula = 25 mg de DHEA micronizada',
    },
    {
      facts:
        'testosterona-crema-transdermica-1-mg-g | Testosterona Crema Transdérmica 1 mg/g | Terapia hormonal | 5 | FM-HB-040285 | - | 110000 56090 11090 | - | - | 30 tube',
      presentations: 'Tubo 30 g',
      description:
        'Testosterona bioidéntica en base transdérmica de baja concentración, formulada principalmente para terapia hormonal femenina. La dosis diaria y los controles de laboratorio los establece el médico tratante. Evitar el contacto de la zona de aplicación con otras personas, en especial niños y mujeres embarazadas. Requiere fórmula médica firmada.',
      capsuleInfo: '1 g de crema = 1 mg de testosterona',
    },
    {
      facts:
        'pregnenolona-30-mg | Pregnenolona 30 mg | Terapia hormonal | 1 | FM-HB-040322 | - | 78000 39790 7890 | - | - | 337 bottle',
      presentations: 'Frasco 60 cápsulas',
      description:
        'Pregnenolona micronizada, precursora de otras hormonas esteroideas, preparada como fórmula magistral. Se utiliza dentro de esquemas de terapia hormonal personalizados y con control de laboratorio. Se toma habitualmente en la mañana según la indicación médica. Requiere fórmula médica firmada.',
      capsuleInfo: '1 cápsula = 30 mg de pregnenolona micronizada',
    },
    {
      facts:
        'trociscos-progesterona-100-mg | Trociscos de Progesterona 100 mg | Terapia hormonal | 8 | FM-HB-040359 | - | 95000 48490 9590 | - | - | 34 box',
      presentations: 'Caja 30 trociscos',
      description:
        'Trociscos sublinguales de progesterona bioidéntica que se disuelven lentamente bajo la lengua o en la mejilla. Son una alternativa para pacientes que no toleran la vía oral, siempre según el criterio del médico tratante. No se deben masticar ni tragar enteros. Requiere fórmula médica firmada.',
      capsuleInfo: '1 trocisco = 100 mg de progesterona micronizada',
    },
  ],
  // Uso profesional e inyectables
  5: [
    {
      facts:
        'vitamina-c-intravenosa-25-g | Vitamina C Intravenosa 25 g (500 mg/ml) | Sueroterapia | 7 | FM-UP-050137 | - | 285000 145390 28790 | - | - | 212 vial',
      presentations: 'Caja 5 ampollas, Caja 10 ampollas',
      description:
        'Ácido ascórbico inyectable sin conservantes, en ampolla de 50 ml, para dilución y administración intravenosa lenta. Se utiliza en protocolos de sueroterapia con dosis altas de vitamina C, previa valoración de la función renal y de la G6PD. Producto de uso exclusivo por profesionales de la salud en consultorio.',
      capsuleInfo: '1 ampolla (50 ml) = 25 g de ácido ascórbico',
    },
    {
      facts:
        'complejo-b-inyectable | Complejo B Inyectable | Sueroterapia | 7 | FM-UP-050174 | 60 | 98000 49990 9890 | - | - | 239 vial',
      presentations: 'Caja 10 ampollas',
      description:
        'Solución inyectable con tiamina, riboflavina, niacinamida, dexpantenol y piridoxina, en ampollas de 2 ml. Se emplea como aditivo de sueroterapia o por vía intramuscular según el protocolo del profesional. Producto de uso exclusivo por profesionales de la salud en consultorio.',
      capsuleInfo: '1 ampolla (2 ml) = B1 100 mg + B2 2 mg + B3 100 mg + B5 2 mg + B6 2 mg',
    },
    {
      facts:
        'glutation-600-mg-ampolla | Glutatión 600 mg Ampolla | Sueroterapia | 7 | FM-UP-050211 | 25 | 260000 132590 26290 | - | - | 196 vial',
      presentations: 'Caja 10 ampollas',
      description:
        'Glutatión reducido inyectable, el principal antioxidante intracelular del organismo, en ampollas de 5 ml. Se utiliza en protocolos de sueroterapia antioxidante, generalmente al final de la infusión o en bolo lento. Producto de uso exclusivo por profesionales de la salud en consultorio.',
      capsuleInfo: '1 ampolla (5 ml) = 600 mg de glutatión reducido',
    },
    {
      facts:
        'nad-500-mg-liofilizado | NAD+ 500 mg Liofilizado | Sueroterapia | 7 | FM-UP-050248 | 0 | 390000 198890 39390 | - | - | 273 vial',
      presentations: 'Caja 1 ampollas, Caja 5 ampollas',
      description:
        'Dinucleótido de nicotinamida y adenina en polvo liofilizado para reconstitución, con su diluyente. Se administra por infusión intravenosa lenta dentro de protocolos de soporte energético celular, ajustando la velocidad a la tolerancia del paciente. Producto de uso exclusivo por profesionales de la salud en consultorio.',
      capsuleInfo: '1 ampolla = 500 mg de NAD+ liofilizado + 10 ml de diluyente',
    },
    {
      facts:
        'metilcobalamina-inyectable-1000-ug | Metilcobalamina Inyectable 1000 µg/ml | Uso intramuscular | 7 | FM-UP-050285 | 80 | 72000 36690 7290 | - | - | 180 vial',
      presentations: 'Caja 5 ampollas',
      description:
        'Vitamina B12 en su forma activa metilcobalamina, en solución inyectable protegida de la luz. Se utiliza por vía intramuscular o subcutánea en la corrección de déficit de B12, según la pauta del profesional. Producto de uso exclusivo por profesionales de la salud en consultorio.',
      capsuleInfo: '1 ampolla (1 ml) = 1000 µg de metilcobalamina',
    },
    {
      facts:
        'acido-alfa-lipoico-600-mg-inyectable | Ácido Alfa Lipoico 600 mg Inyectable | Sueroterapia | 7 | FM-UP-050322 | 18 | 175000 89290 17690 | - | - | 307 vial',
      presentations: 'Caja 5 ampollas',
      description:
        'Ácido alfa lipoico en solución inyectable de 24 ml para dilución en solución salina y perfusión intravenosa. Se emplea en protocolos de soporte antioxidante y metabólico; debe protegerse de la luz durante la infusión. Producto de uso exclusivo por profesionales de la salud en consultorio.',
      capsuleInfo: '1 ampolla (24 ml) = 600 mg de ácido alfa lipoico',
    },
    {
      facts:
        'sulfato-de-magnesio-20-ampolla | Sulfato de Magnesio 20 % Ampolla | Sueroterapia | 7 | FM-UP-050359 | - | 48000 24490 4790 | - | - | 239 vial',
      presentations: 'Caja 10 ampollas',
      description:
        'Solución inyectable de sulfato de magnesio al 20 % en ampollas de 10 ml, base de fórmulas de sueroterapia como el cóctel de Myers. Se administra siempre diluido y en infusión lenta, con control de la presión arterial. Producto de uso exclusivo por profesionales de la salud en consultorio.',
      capsuleInfo: '1 ampolla (10 ml) = 2 g de sulfato de magnesio',
    },
  ],
  // Omega y ácidos grasos
  6: [
    {
      facts:
        'omega-3-alta-concentracion-epa-dha | Omega-3 Alta Concentración EPA/DHA | Corazón y cerebro | 6 | FM-OM-060137 | 150 | 125000 63790 12590 | iva destacado | - | 197 bottle',
      presentations: 'Frasco 60 softgels, Frasco 120 softgels',
      description:
        'Aceite de pescado de aguas frías, destilado molecularmente y en forma de triglicérido reesterificado, con certificación de pureza en metales pesados. El EPA y el DHA contribuyen al funcionamiento normal del corazón, y el DHA al mantenimiento de la función cerebral normal. Se toman habitualmente 1 o 2 softgels al día con comidas.',
      capsuleInfo: '1 softgel = 1000 mg de omega-3 (600 mg de EPA + 400 mg de DHA)',
    },
    {
      facts:
        'omega-3-liquido-sabor-limon | Omega-3 Líquido Sabor Limón | Corazón y cerebro | 9 | FM-OM-060174 | 30 | 118000 60190 11890 | iva | - | 74 bottle',
      presentations: 'Frasco 200 ml',
      description:
        'Aceite de pescado líquido con sabor natural a limón, ideal para quienes prefieren no tragar cápsulas. Aporta EPA y DHA, que contribuyen al funcionamiento normal del corazón. Se toman habitualmente 5 ml al día; mantener refrigerado después de abierto y consumir en 3 meses.',
      capsuleInfo: '5 ml = 1600 mg de omega-3 (800 mg de EPA + 500 mg de DHA)',
    },
    {
      facts:
        'dha-vegano-de-algas-500-mg | DHA Vegano de Algas 500 mg | Corazón y cerebro | 6 | FM-OM-060211 | 40 | 109000 55590 10990 | - | - | 151 bottle',
      presentations: 'Frasco 60 softgels',
      description:
        'DHA de origen vegetal obtenido de microalgas Schizochytrium, en softgels sin gelatina animal. Es una alternativa al aceite de pescado para personas vegetarianas, veganas o en embarazo y lactancia bajo indicación profesional. Se toma habitualmente 1 softgel al día con comidas.',
      capsuleInfo: '1 softgel = 500 mg de DHA de algas',
    },
    {
      facts:
        'aceite-de-krill-500-mg | Aceite de Krill 500 mg | Corazón y cerebro | 6 | FM-OM-060248 | 0 | 135000 68790 13590 | iva | - | 18 bottle',
      presentations: 'Frasco 60 softgels',
      description:
        'Aceite de krill antártico con omega-3 unido a fosfolípidos y astaxantina natural. Aporta EPA y DHA que contribuyen al funcionamiento normal del corazón. Se toman habitualmente 2 softgels al día con comidas; no usar en caso de alergia a mariscos.',
      capsuleInfo: '1 softgel = 500 mg de aceite de krill (120 mg de EPA + DHA)',
    },
    {
      facts:
        'aceite-de-onagra-1000-mg | Aceite de Onagra 1000 mg | Piel y equilibrio femenino | 6 | FM-OM-060285 | 85 | 64000 32590 6490 | iva | 950 | 335 bottle',
      presentations: 'Frasco 90 softgels',
      description:
        'Aceite de semillas de Oenothera biennis prensado en frío, fuente de ácido gamma-linolénico (GLA). Tradicionalmente usado para apoyar la hidratación de la piel y el confort premenstrual. Se toman habitualmente 1 o 2 softgels al día con comidas.',
      capsuleInfo: '1 softgel = 1000 mg de aceite de onagra (100 mg de GLA)',
    },
    {
      facts:
        'omega-3-6-9-equilibrio | Omega 3-6-9 Equilibrio | Bienestar general | 6 | FM-OM-060322 | 100 | 72000 36690 7290 | iva | - | 262 bottle',
      presentations: 'Frasco 90 softgels',
      description:
        'Mezcla de aceites de pescado, linaza y borraja que aporta ácidos grasos omega-3, omega-6 y omega-9 en proporción equilibrada. Complementa una alimentación pobre en grasas de buena calidad. Se toman habitualmente 2 softgels al día con comidas.',
      capsuleInfo: '2 softgels = 2400 mg de aceites (omega-3, omega-6 y omega-9)',
    },
  ],
  // Detoxificación y soporte metabólico
  7: [
    {
      facts:
        'n-acetilcisteina-600-mg | N-Acetilcisteína (NAC) 600 mg | Antioxidante | 1 | FM-DX-070137 | 120 | 78000 39790 7890 | - | - | 127 bottle',
      presentations: 'Frasco 60 cápsulas, Frasco 120 cápsulas',
      description:
        'N-acetilcisteína, precursora del glutatión, el principal antioxidante del organismo. Apoya los procesos naturales de detoxificación hepática y la salud respiratoria. Se toma habitualmente 1 cápsula una o dos veces al día, lejos de las comidas; su olor sulfuroso es característico.',
      capsuleInfo: '1 cápsula = 600 mg de N-acetil-L-cisteína',
    },
    {
      facts:
        'cardo-mariano-silimarina-250-mg | Cardo Mariano (Silimarina 80 %) 250 mg | Soporte hepático | 1 | FM-DX-070174 | 70 | 66000 33690 6690 | - | - | 114 bottle',
      presentations: 'Frasco 60 cápsulas',
      description:
        'Extracto de semilla de Silybum marianum estandarizado al 80 % de silimarina. Tradicionalmente usado para apoyar la función hepática. Se toma habitualmente 1 cápsula dos veces al día con comidas.',
      capsuleInfo: '1 cápsula = 250 mg de extracto de cardo mariano (200 mg de silimarina)',
    },
    {
      facts:
        'berberina-500-mg | Berberina 500 mg | Metabolismo de la glucosa | 1 | FM-DX-070211 | 90 | 95000 48490 9590 | destacado | - | 71 bottle',
      presentations: 'Frasco 60 cápsulas, Frasco 120 cápsulas',
      description:
        'Berberina HCl extraída de Berberis aristata, un compuesto vegetal ampliamente estudiado en salud metabólica. Apoya el metabolismo normal de la glucosa y de los lípidos como complemento de la alimentación y el ejercicio. Se toma habitualmente 1 cápsula con cada comida principal; consultar al médico si toma hipoglicemiantes u otros medicamentos.',
      capsuleInfo: '1 cápsula = 500 mg de berberina HCl (97 %)',
    },
    {
      facts:
        'glutation-liposomal-500-mg | Glutatión Liposomal 500 mg | Antioxidante | 9 | FM-DX-070248 | 20 | 165000 84190 16690 | - | - | 188 bottle',
      presentations: 'Frasco 150 ml',
      description:
        'Glutatión reducido en liposomas de fosfolípidos, que lo protegen de la degradación digestiva. Apoya las defensas antioxidantes y los procesos naturales de detoxificación. Se toman habitualmente 5 ml al día en ayunas; mantener refrigerado después de abierto.',
      capsuleInfo: '5 ml = 500 mg de glutatión reducido (L-glutatión)',
    },
    {
      facts:
        'acido-alfa-lipoico-300-mg | Ácido Alfa Lipoico 300 mg | Metabolismo de la glucosa | 1 | FM-DX-070285 | 65 | 82000 41790 8290 | - | - | 180 bottle',
      presentations: 'Frasco 60 cápsulas',
      description:
        'Ácido alfa lipoico, antioxidante hidro y liposoluble que participa en el metabolismo energético de la célula. Apoya el metabolismo normal de la glucosa y la protección frente al estrés oxidativo. Se toma habitualmente 1 cápsula al día en ayunas.',
      capsuleInfo: '1 cápsula = 300 mg de ácido alfa lipoico',
    },
    {
      facts:
        'dim-150-mg-diindolilmetano | DIM 150 mg (Diindolilmetano) | Metabolismo estrogénico | 1 | FM-DX-070322 | 30 | 88000 44890 8890 | - | - | 232 bottle',
      presentations: 'Frasco 60 cápsulas',
      description:
        'Diindolilmetano, compuesto derivado de las verduras crucíferas como el brócoli y la coliflor. Apoya el metabolismo saludable de los estrógenos en hombres y mujeres. Se toma habitualmente 1 cápsula al día con comidas; consultar al médico si recibe terapia hormonal.',
      capsuleInfo: '1 cápsula = 150 mg de DIM microencapsulado',
    },
    {
      facts:
        'myo-inositol-d-chiro-inositol-40-1 | Myo-Inositol + D-Chiro-Inositol 40:1 | Equilibrio metabólico | 3 | FM-DX-070359 | 45 | 98000 49990 9890 | - | - | 9 jar',
      presentations: 'Tarro 120 g',
      description:
        'Combinación de myo-inositol y D-chiro-inositol en la proporción 40:1 presente en el organismo, con ácido fólico. Apoya la sensibilidad a la insulina y el equilibrio metabólico y ovárico, como complemento de la indicación médica. Se disuelve 1 medida en un vaso de agua dos veces al día.',
      capsuleInfo: '1 medida (2 g) = 2000 mg de myo-inositol + 50 mg de D-chiro-inositol + 200 µg de ácido fólico',
    },
    {
      facts:
        'chlorella-organica-500-mg | Chlorella Orgánica 500 mg | Detoxificación | 2 | FM-DX-070396 | 55 | 69000 35190 6990 | iva | - | 176 bottle',
      presentations: 'Frasco 300 tabletas',
      description:
        'Microalga Chlorella pyrenoidosa de cultivo orgánico con pared celular rota para mejorar su digestibilidad. Aporta clorofila, proteína vegetal y fibra, y tradicionalmente se usa para acompañar programas de detoxificación. Se comienza con 2 tabletas al día y se aumenta gradualmente hasta 6 tabletas repartidas en las comidas.',
      capsuleInfo: '1 tableta = 500 mg de Chlorella pyrenoidosa',
    },
  ],
  // Aminoácidos y proteínas
  8: [
    {
      facts:
        'l-glutamina-en-polvo | L-Glutamina en Polvo | Mucosa intestinal | 3 | FM-AP-080137 | 90 | 75000 38190 7590 | - | - | 22 jar',
      presentations: 'Tarro 300 g, Tarro 500 g',
      description:
        'L-glutamina pura micronizada, sin sabor y de fácil disolución. Es el aminoácido más abundante del organismo y el combustible principal de las células del intestino. Se disuelve habitualmente 1 medida en agua o jugo, una o dos veces al día.',
      capsuleInfo: '1 medida (5 g) = 5 g de L-glutamina',
    },
    {
      facts:
        'colageno-hidrolizado-tipo-i-iii-vitamina-c | Colágeno Hidrolizado Tipo I y III con Vitamina C | Piel y articulaciones | 3 | FM-AP-080174 | 120 | 99000 50490 9990 | iva destacado | - | 29 jar',
      presentations: 'Tarro 300 g',
      description:
        'Péptidos de colágeno bovino hidrolizado tipo I y III, con vitamina C que contribuye a la formación normal de colágeno. Apoya el mantenimiento de la piel, el cabello, las uñas y las articulaciones. Se disuelve 1 medida al día en agua, café o batidos; sin sabor.',
      capsuleInfo: '1 medida (10 g) = 10 g de péptidos de colágeno + 80 mg de vitamina C',
    },
    {
      facts:
        'proteina-vegetal-arveja-arroz-vainilla | Proteína Vegetal de Arveja y Arroz Sabor Vainilla | Proteína vegetal | 3 | FM-AP-080211 | 35 | 135000 68790 13590 | iva | - | 56 jar',
      presentations: 'Tarro 500 g, Tarro 1000 g',
      description:
        'Mezcla de proteína aislada de arveja y de arroz integral con perfil completo de aminoácidos esenciales, endulzada con stevia. Apta para personas veganas y con intolerancia a la lactosa. Se mezcla 1 medida en 250 ml de agua o bebida vegetal, una o dos veces al día.',
      capsuleInfo: '1 medida (30 g) = 22 g de proteína vegetal',
    },
    {
      facts:
        'creatina-monohidrato | Creatina Monohidrato | Rendimiento | 3 | FM-AP-080248 | 75 | 89000 45390 8990 | iva | 1300 | 33 jar',
      presentations: 'Tarro 300 g',
      description:
        'Creatina monohidrato micronizada de alta pureza, sin sabor. Contribuye a aumentar el rendimiento físico en ejercicios de alta intensidad y corta duración, y es útil para preservar la masa muscular con la edad. Se toman habitualmente 3 a 5 g al día, todos los días, con abundante agua.',
      capsuleInfo: '1 medida (5 g) = 5 g de creatina monohidrato',
    },
    {
      facts:
        'glicina-en-polvo | Glicina en Polvo | Sueño y relajación | 3 | FM-AP-080285 | 60 | 52000 26490 5290 | - | - | 280 jar',
      presentations: 'Tarro 250 g',
      description:
        'Glicina pura, un aminoácido de sabor ligeramente dulce que participa en la síntesis de colágeno y de glutatión. Apoya un descanso reparador cuando se toma en la noche. Se disuelven habitualmente 3 g en agua o infusión antes de dormir.',
      capsuleInfo: '1 medida (3 g) = 3 g de glicina',
    },
    {
      facts:
        'l-arginina-1000-mg | L-Arginina 1000 mg | Circulación | 2 | FM-AP-080322 | 40 | 69000 35190 6990 | - | - | 27 bottle',
      presentations: 'Frasco 90 tabletas',
      description:
        'L-arginina, aminoácido precursor del óxido nítrico. Apoya la función vascular normal y la circulación. Se toma habitualmente 1 tableta dos veces al día lejos de las comidas; consultar al médico si toma medicamentos para la presión arterial.',
      capsuleInfo: '1 tableta = 1000 mg de L-arginina base',
    },
    {
      facts:
        'aminoacidos-esenciales-eaa | Aminoácidos Esenciales EAA | Masa muscular | 3 | FM-AP-080359 | 25 | 115000 58590 11590 | iva | - | 24 jar',
      presentations: 'Tarro 300 g',
      description:
        'Los nueve aminoácidos esenciales en forma libre, incluidos los de cadena ramificada, con sabor natural a frutos rojos. Apoyan la síntesis de proteína muscular, especialmente en adultos mayores y durante la recuperación. Se mezcla 1 medida en 300 ml de agua, idealmente alrededor del entrenamiento.',
      capsuleInfo: '1 medida (10 g) = 8 g de aminoácidos esenciales (3,5 g de leucina)',
    },
  ],
  // Salud cognitiva y sueño
  9: [
    {
      facts:
        'melatonina-3-mg | Melatonina 3 mg | Sueño y relajación | 2 | FM-CS-090137 | 140 | 48000 24490 4790 | - | - | 262 box',
      presentations: 'Caja 60 tabletas',
      description:
        'Melatonina en tabletas sublinguales de disolución rápida. Ayuda a reducir el tiempo necesario para conciliar el sueño y a aliviar los efectos del desfase horario. Se toma 1 tableta 30 minutos antes de acostarse; puede producir somnolencia, por lo que no se debe conducir después de tomarla.',
      capsuleInfo: '1 tableta = 3 mg de melatonina',
    },
    {
      facts:
        'l-teanina-200-mg | L-Teanina 200 mg | Calma y enfoque | 1 | FM-CS-090174 | 85 | 72000 36690 7290 | - | 1050 | 169 bottle',
      presentations: 'Frasco 60 cápsulas',
      description:
        'L-teanina, aminoácido natural del té verde que favorece un estado de calma sin causar somnolencia. Apoya la relajación y la concentración en momentos de estrés. Se toma habitualmente 1 cápsula una o dos veces al día.',
      capsuleInfo: '1 cápsula = 200 mg de L-teanina (Suntheanine®)',
    },
    {
      facts:
        'magnesio-l-treonato | Magnesio L-Treonato | Memoria y aprendizaje | 1 | FM-CS-090211 | 50 | 149000 75990 14990 | iva destacado | - | 276 bottle',
      presentations: 'Frasco 90 cápsulas',
      description:
        'L-treonato de magnesio, una forma de magnesio estudiada por su capacidad de elevar los niveles de magnesio en el cerebro. Apoya la memoria, el aprendizaje y un descanso de calidad. Se toman habitualmente 3 cápsulas al día, una en la tarde y dos antes de dormir.',
      capsuleInfo: '3 cápsulas = 2000 mg de L-treonato de magnesio (144 mg de magnesio elemental)',
    },
    {
      facts:
        'melena-de-leon-hericium-500-mg | Melena de León (Hericium) 500 mg | Memoria y aprendizaje | 1 | FM-CS-090248 | 40 | 110000 56090 11090 | iva | - | 83 bottle',
      presentations: 'Frasco 60 cápsulas, Frasco 120 cápsulas',
      description:
        'Extracto del cuerpo fructífero del hongo Hericium erinaceus, rico en betaglucanos y hericenonas. Tradicionalmente usado para apoyar la función cognitiva y la concentración. Se toman habitualmente 2 cápsulas al día con el desayuno.',
      capsuleInfo: '2 cápsulas = 1000 mg de extracto de Hericium erinaceus (30 % betaglucanos)',
    },
    {
      facts:
        'fosfatidilserina-100-mg | Fosfatidilserina 100 mg | Memoria y aprendizaje | 6 | FM-CS-090285 | 30 | 128000 65290 12890 | - | - | 320 bottle',
      presentations: 'Frasco 60 softgels',
      description:
        'Fosfatidilserina de girasol, un fosfolípido presente en las membranas de las neuronas. Apoya la memoria y la función cognitiva, y se utiliza también en épocas de estrés prolongado. Se toma habitualmente 1 softgel dos o tres veces al día con comidas.',
      capsuleInfo: '1 softgel = 100 mg de fosfatidilserina',
    },
    {
      facts:
        'citicolina-500-mg | Citicolina (CDP-Colina) 500 mg | Enfoque y concentración | 1 | FM-CS-090322 | 0 | 119000 60690 11990 | - | - | 257 bottle',
      presentations: 'Frasco 30 cápsulas, Frasco 60 cápsulas',
      description:
        'Citicolina, fuente de colina y de citidina que participa en la formación de fosfolípidos de las membranas neuronales. Apoya la concentración y la energía mental. Se toma habitualmente 1 cápsula en la mañana.',
      capsuleInfo: '1 cápsula = 500 mg de citicolina (Cognizin®)',
    },
    {
      facts:
        '5-htp-100-mg | 5-HTP 100 mg | Estado de ánimo | 1 | FM-CS-090359 | 45 | 79000 40290 7990 | - | - | 4 bottle',
      presentations: 'Frasco 60 cápsulas',
      description:
        '5-hidroxitriptófano extraído de semillas de Griffonia simplicifolia, precursor natural de la serotonina y la melatonina. Apoya el estado de ánimo y la calidad del sueño. Se toma habitualmente 1 cápsula en la noche; no se debe combinar con antidepresivos ni otros medicamentos serotoninérgicos sin indicación médica.',
      capsuleInfo: '1 cápsula = 100 mg de 5-HTP (Griffonia simplicifolia)',
    },
    {
      facts:
        'valeriana-y-pasiflora-gotas | Valeriana y Pasiflora Gotas | Sueño y relajación | 4 | FM-CS-090396 | 65 | 56000 28590 5690 | iva | - | 286 dropper',
      presentations: 'Gotero 30 ml, Gotero 60 ml',
      description:
        'Extracto hidroalcohólico de raíz de valeriana y de pasiflora, plantas tradicionalmente usadas para favorecer la relajación y el sueño. Apoya un descanso natural sin generar dependencia. Se toman habitualmente 30 gotas en un poco de agua 30 minutos antes de acostarse.',
      capsuleInfo: '30 gotas (1 ml) = 300 mg de valeriana + 200 mg de pasiflora',
    },
  ],
};

export const products: SeedProduct[] = categories.flatMap((category) =>
  (productsByCategory[category.id] ?? []).map((entry) => seedProduct(category.id, entry)),
);
