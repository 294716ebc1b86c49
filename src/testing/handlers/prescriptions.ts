import { http, HttpResponse } from 'msw';
import { toolProductFields } from '../../features/prescriptions/draft-rules';
import { summaryState, type AdherenceSummaryDto } from '../../lib/shared/adherence';
import type { ProductDto } from '../../lib/shared/api-types';
import { COUNTRY_NAMES_BY_ID } from '../../lib/shared/countries';
import { momentValue } from '../../lib/shared/prescription-labels';
import {
  ADHERENCE_FILTER_PARAM,
  ADHERENCE_FILTER_RUNNING_OUT,
  DEFAULT_PRESCRIPTION_SETTINGS,
  type CreatePatientResponseDto,
  type CreatePrescriptionRequestDto,
  type CreateTemplateRequestDto,
  type LibraryDocumentDto,
  type MomentInputDto,
  type MedicalRequestDto,
  type MedicalRequestInputDto,
  type PatientDto,
  type PatientInputDto,
  type PatientStrategiesDto,
  type StrategyDto,
  type PrescriptionDetailDto,
  type PrescriptionListItemDto,
  type PrescriptionToolDto,
  type PrescriptionToolInputDto,
  type TemplateDto,
  type TemplateToolDto,
  type PrescriptionSettingsDto,
} from '../../lib/shared/prescriptions';
import { TEST_API } from '../api-url';
import { buildProduct } from '../data';
import { signedIn } from './auth';

/** A PDF of the document library, for every country; override what the test is about. */
export function buildLibraryDocument(overrides: Partial<LibraryDocumentDto> = {}): LibraryDocumentDto {
  const id = overrides.id ?? 1;
  return {
    id,
    kind: 'template',
    title: `Documento ${id}`,
    description: '',
    fileName: `documento-${id}.pdf`,
    mime: 'application/pdf',
    size: 120_000,
    url: `/api/documents/${id}/file`,
    countryId: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A patient of the logged-in professional's register; override what the test is about. */
export function buildPatient(overrides: Partial<PatientDto> = {}): PatientDto {
  const id = overrides.id ?? 501;
  const first = overrides.first_name ?? 'Mariana';
  const last = overrides.last_name ?? 'Gómez Ortiz';
  return {
    id,
    first_name: first,
    last_name: last,
    display_name: `${first} ${last}`,
    birth_date: '1990-06-15',
    gender: 'femenino',
    email: 'paciente.co@demo.test',
    country_id: 1,
    country_name: 'Colombia',
    document_type_id: 1,
    document_type_code: 'CC',
    document_number: '52345674',
    country_code: '+57',
    phone_number: '3101000004',
    complete: true,
    account_status: 'active',
    consent_status: 'confirmed',
    account_deleted: false,
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** What an account deletion leaves in a register: the server's placeholder name, no account, the consent revoked. */
export function buildDeletedAccountPatient(id: number): PatientDto {
  return buildPatient({
    id,
    first_name: 'Paciente',
    last_name: 'eliminada',
    email: `paciente-${id}@eliminado.invalid`,
    account_status: 'invited',
    consent_status: 'revoked',
    account_deleted: true,
  });
}

/** A prescribed tool as the server stores it. */
export function buildPrescribedTool(
  product: ProductDto,
  overrides: Partial<PrescriptionToolDto> = {},
): PrescriptionToolDto {
  return {
    ...toolProductFields(product),
    imageUrl: product.image ?? '/icons/logo.svg',
    presentation: 'Frasco x 60 cápsulas',
    momentsDay: [{ id: 3, quantity: 1, value: 'Con el desayuno' }],
    prescriptionDuration: { time: 'months', quantity: 2 },
    prescriptionIndications: 'Tomar con agua.',
    dailyCapsules: 1,
    units: 2,
    ...overrides,
  };
}

/** A tool as the builder sends it: for one month, without indications, the day's units those of the moments. */
export function buildToolInput(
  productId: number,
  momentsDay: MomentInputDto[],
  units: number,
  overrides: Partial<PrescriptionToolInputDto> = {},
): PrescriptionToolInputDto {
  return {
    productId,
    momentsDay,
    prescriptionDuration: { time: 'months', quantity: 1 },
    prescriptionIndications: '',
    dailyCapsules: null,
    units,
    ...overrides,
  };
}

/** The doctor's template 'Sueño reparador' (id 12), with no tool unless given. */
export function buildTemplate(overrides: Partial<TemplateDto> = {}): TemplateDto {
  return {
    id: 12,
    name: 'Sueño reparador',
    type: 'prescription',
    toolCount: 2,
    createdAt: '2026-11-01T00:00:00.000Z',
    notes: '',
    problems: [],
    tools: [],
    ...overrides,
  };
}

/** A template's tool as the server sends it; without `product` it is no longer sold, and its problem says so. */
export function buildTemplateTool(
  input: PrescriptionToolInputDto,
  product: ProductDto | null,
  name = product?.name ?? '',
): TemplateToolDto {
  return { ...input, name, product, hasStock: product !== null, problem: product ? null : `«${name}» ya no se vende.` };
}

/** A row of a patient's strategies: a prescription by the demo doctor; override what the test is about. */
export function buildStrategy(overrides: Partial<StrategyDto> = {}): StrategyDto {
  return {
    id: 7001,
    createdAt: '2026-11-10T15:00:00.000Z',
    type: 'prescription',
    categories: [{ id: 1, name: 'Vitaminas y minerales' }],
    status: 'active',
    toolCount: 2,
    author: { id: 10, display_name: 'Carolina Mejía', role: 'doctor' },
    ...overrides,
  };
}

/** A prescription by the demo doctor for the demo patient, with its products to buy. */
export function buildPrescriptionDetail(overrides: Partial<PrescriptionDetailDto> = {}): PrescriptionDetailDto {
  const tools = overrides.tools ?? [
    buildPrescribedTool(buildProduct({ id: 1, name: 'Magnesio Bisglicinato 400 mg' }), {
      momentsDay: [{ id: 10, quantity: 2, value: 'Antes de dormir' }],
      dailyCapsules: 2,
    }),
    buildPrescribedTool(buildProduct({ id: 2, name: 'Omega 3 Ultra' })),
  ];
  return {
    id: 7001,
    type: 'prescription',
    status: 'active',
    createdAt: '2026-11-10T15:00:00.000Z',
    endsAt: '2027-01-09T15:00:00.000Z',
    countryId: 1,
    notes: 'Control en 8 semanas.',
    templateId: null,
    author: {
      id: 10,
      display_name: 'Carolina Mejía',
      role: 'doctor',
      specialty: 'Medicina funcional',
      professional_license_number: 'RM-52345671',
    },
    patient: {
      id: 501,
      display_name: 'Mariana Gómez Ortiz',
      account_deleted: false,
      email: 'paciente.co@demo.test',
      document_number: '52345674',
    },
    tools,
    products: tools.map((tool) => ({
      productId: tool.productId,
      name: tool.name,
      quantity: tool.units,
      momentsDay: tool.momentsDay,
      product: buildProduct({ id: tool.productId, name: tool.name }),
      hasStock: true,
      problem: null,
    })),
    editable: true,
    ...overrides,
  };
}

export function toListItem(detail: PrescriptionDetailDto): PrescriptionListItemDto {
  return {
    id: detail.id,
    createdAt: detail.createdAt,
    type: detail.type,
    categories: [...new Map(detail.tools.map((tool) => [tool.category.id, tool.category])).values()].map(
      ({ id, name }) => ({ id, name }),
    ),
    status: detail.status,
    toolCount: detail.tools.length,
    author: { id: detail.author.id, display_name: detail.author.display_name, role: detail.author.role },
    patient: {
      id: detail.patient.id,
      display_name: detail.patient.display_name,
      account_deleted: detail.patient.account_deleted,
    },
  };
}

/** The first answer per Idempotency-Key. */
const answeredKeys = new Map<string, PrescriptionDetailDto>();
/** The patient each `POST /patients` key created: a prescription may name it by that key (`patientRef`). */
const patientsByKey = new Map<string, number>();

/** What the fake server holds; `resetPrescriptionFixtures` runs after every test. */
export const prescriptionFixtures = {
  patients: [] as PatientDto[],
  strategies: {} as Record<number, PatientStrategiesDto>,
  /** Prescriptions readable by the professional (`/prescriptions/:id`) and by the patient (`/me/...`). */
  prescriptions: [] as PrescriptionDetailDto[],
  templates: [] as TemplateDto[],
  documents: [] as LibraryDocumentDto[],
  settings: DEFAULT_PRESCRIPTION_SETTINGS as PrescriptionSettingsDto,
  /** Every `POST /prescriptions`: its body and Idempotency-Key, in order. */
  created: [] as { key: string | null; body: CreatePrescriptionRequestDto }[],
  createdPatients: [] as PatientInputDto[],
  /** The Idempotency-Key of each `POST /patients`, in order. */
  patientKeys: [] as (string | null)[],
  createdTemplates: [] as CreateTemplateRequestDto[],
  medicalRequests: [] as MedicalRequestInputDto[],
  /** Strategy searches asked, as `from..to`. */
  strategySearches: [] as string[],
  /** The store's day the list's adherence filter counts from (the component's clock is the test's). */
  today: '2026-11-20',
};

/**
 * Ids the fake server hands out, from the same start in every test: the files of the web project share one module
 * graph per worker, so a counter left running made a test's id depend on which files ran before it (8001, not 8000).
 */
let nextPatientId = 900;
let nextPrescriptionId = 8000;
let nextTemplateId = 300;

export function resetPrescriptionFixtures() {
  nextPatientId = 900;
  nextPrescriptionId = 8000;
  nextTemplateId = 300;
  prescriptionFixtures.patients = [buildPatient()];
  prescriptionFixtures.strategies = {};
  prescriptionFixtures.prescriptions = [];
  prescriptionFixtures.templates = [];
  prescriptionFixtures.documents = [];
  prescriptionFixtures.settings = DEFAULT_PRESCRIPTION_SETTINGS;
  prescriptionFixtures.created = [];
  prescriptionFixtures.createdPatients = [];
  prescriptionFixtures.patientKeys = [];
  prescriptionFixtures.createdTemplates = [];
  prescriptionFixtures.medicalRequests = [];
  prescriptionFixtures.strategySearches = [];
  prescriptionFixtures.today = '2026-11-20';
  answeredKeys.clear();
  patientsByKey.clear();
}
resetPrescriptionFixtures();

const UNAUTHORIZED = () => HttpResponse.json({ message: 'Sesión inválida' }, { status: 401 });
const NOT_FOUND_PATIENT = () =>
  HttpResponse.json({ message: 'No encontramos este paciente en tu lista de pacientes.' }, { status: 404 });
const NOT_FOUND_PRESCRIPTION = () =>
  HttpResponse.json({ message: 'No encontramos esta prescripción.' }, { status: 404 });

function patientFrom(input: PatientInputDto, id: number): PatientDto {
  const countryId = input.country_id ?? 1;
  return buildPatient({
    id,
    first_name: input.first_name,
    last_name: input.last_name,
    display_name: `${input.first_name} ${input.last_name}`,
    birth_date: input.birth_date,
    gender: input.gender,
    email: input.email,
    country_id: countryId,
    country_name: COUNTRY_NAMES_BY_ID[countryId] ?? '',
    document_type_id: input.document_type_id,
    document_type_code: input.document_type_id === 1 ? 'CC' : null,
    document_number: input.document_number,
    country_code: input.country_code,
    phone_number: input.phone_number,
    complete: [input.gender, input.document_type_id, input.country_code].every((value) => value !== null),
    account_status: 'invited',
    consent_status: 'attested',
  });
}

function detailFrom(body: CreatePrescriptionRequestDto): PrescriptionDetailDto {
  const patientId = body.patientId ?? patientsByKey.get(body.patientRef ?? '') ?? 0;
  const patient = prescriptionFixtures.patients.find((candidate) => candidate.id === patientId);
  const tools = body.tools.map((tool) =>
    buildPrescribedTool(buildProduct({ id: tool.productId, name: `Producto ${tool.productId}` }), {
      momentsDay: tool.momentsDay.map((moment) => ({ ...moment, value: momentValue(moment.id) ?? '' })),
      prescriptionDuration: tool.prescriptionDuration,
      prescriptionIndications: tool.prescriptionIndications,
      dailyCapsules: tool.dailyCapsules ?? tool.momentsDay.reduce((sum, moment) => sum + moment.quantity, 0),
      units: tool.units,
    }),
  );
  return buildPrescriptionDetail({
    id: nextPrescriptionId++,
    type: body.type ?? 'prescription',
    createdAt: new Date().toISOString(),
    notes: body.notes,
    templateId: body.templateId ?? null,
    patient: {
      id: patientId,
      display_name: patient?.display_name ?? '',
      account_deleted: false,
      email: patient?.email ?? '',
      document_number: patient?.document_number ?? '',
    },
    tools,
  });
}

/** What the server's summary of a patient with nothing of the viewer's to follow is (`summarize([])`). */
const NO_ADHERENCE: AdherenceSummaryDto = { products: 0, lastPurchaseOn: null, runsOutOn: null };

export const prescriptionHandlers = [
  http.get(`${TEST_API}/patients`, ({ request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const url = new URL(request.url);
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    // `adherencia=se-acaba`, as the server counts it on the fixtures' day.
    const runningOut = url.searchParams.get(ADHERENCE_FILTER_PARAM) === ADHERENCE_FILTER_RUNNING_OUT;
    const matches = prescriptionFixtures.patients.filter(
      (patient) =>
        (!search || `${patient.display_name} ${patient.email}`.toLowerCase().includes(search.toLowerCase())) &&
        (!runningOut || summaryState(patient.adherence, prescriptionFixtures.today).kind === 'running-out'),
    );
    return HttpResponse.json({
      // The server summarises every row; a patient with nothing prescribed gets the empty summary.
      data: matches
        .slice((page - 1) * limit, page * limit)
        .map((patient) => ({ ...patient, adherence: patient.adherence ?? NO_ADHERENCE })),
      total: matches.length,
      page,
      limit,
    });
  }),
  http.post(`${TEST_API}/patients`, async ({ request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const input = (await request.json()) as PatientInputDto;
    prescriptionFixtures.createdPatients.push(input);
    prescriptionFixtures.patientKeys.push(request.headers.get('idempotency-key'));
    const listed = prescriptionFixtures.patients.find((patient) => patient.email === input.email);
    if (listed) {
      // The server names the patient already listed, so the form can open it.
      return HttpResponse.json(
        {
          message: 'Este paciente ya está en tu lista de pacientes.',
          errors: ['Este paciente ya está en tu lista de pacientes.'],
          fieldErrors: [{ field: 'email', message: 'Este paciente ya está en tu lista de pacientes.' }],
          patientId: listed.id,
        },
        { status: 409 },
      );
    }
    const patient = patientFrom(input, nextPatientId++);
    prescriptionFixtures.patients.push(patient);
    const key = request.headers.get('idempotency-key');
    if (key) patientsByKey.set(key, patient.id);
    return HttpResponse.json<CreatePatientResponseDto>(
      {
        patient,
        patientCreated: true,
        invitation: {
          id: 40,
          expiresAt: '2026-12-05T10:00:00.000Z',
          link: 'http://localhost/co/registro?invitacion=token-de-prueba',
        },
      },
      { status: 201 },
    );
  }),
  http.get(`${TEST_API}/patients/:id`, ({ params, request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const patient = prescriptionFixtures.patients.find((candidate) => String(candidate.id) === params.id);
    return patient ? HttpResponse.json(patient) : NOT_FOUND_PATIENT();
  }),
  http.patch(`${TEST_API}/patients/:id`, async ({ params, request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const index = prescriptionFixtures.patients.findIndex((candidate) => String(candidate.id) === params.id);
    const current = prescriptionFixtures.patients[index];
    if (!current) return NOT_FOUND_PATIENT();
    const changes = (await request.json()) as Partial<PatientInputDto>;
    const next = { ...current, ...changes } as PatientDto;
    next.display_name = `${next.first_name} ${next.last_name}`;
    prescriptionFixtures.patients[index] = next;
    return HttpResponse.json(next);
  }),
  http.get(`${TEST_API}/patients/:id/strategies`, ({ params, request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const url = new URL(request.url);
    const from = url.searchParams.get('from') ?? '';
    const to = url.searchParams.get('to') ?? '';
    prescriptionFixtures.strategySearches.push(`${from}..${to}`);
    const all = prescriptionFixtures.strategies[Number(params.id)] ?? { own: [], others: [] };
    const inRange = (row: { createdAt: string }) =>
      (!from || row.createdAt.slice(0, 10) >= from) && (!to || row.createdAt.slice(0, 10) <= to);
    return HttpResponse.json<PatientStrategiesDto>({
      own: all.own.filter(inRange),
      others: all.others.filter(inRange),
    });
  }),

  http.post(`${TEST_API}/prescriptions`, async ({ request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const key = request.headers.get('idempotency-key');
    const body = (await request.json()) as CreatePrescriptionRequestDto;
    prescriptionFixtures.created.push({ key, body });
    if (!key) return HttpResponse.json({ message: 'Falta el encabezado Idempotency-Key.' }, { status: 400 });
    // The server answers a replayed key with the first result (200), never a second prescription.
    const replayed = answeredKeys.get(key);
    if (replayed) return HttpResponse.json(replayed, { status: 200 });
    const detail = detailFrom(body);
    answeredKeys.set(key, detail);
    prescriptionFixtures.prescriptions.push(detail);
    return HttpResponse.json(detail, { status: 201 });
  }),
  http.get(`${TEST_API}/prescriptions`, ({ request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const data = prescriptionFixtures.prescriptions.map(toListItem);
    return HttpResponse.json({ data, total: data.length, page: 1, limit: 20 });
  }),
  http.get(`${TEST_API}/prescriptions/:id`, ({ params, request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const found = prescriptionFixtures.prescriptions.find((candidate) => String(candidate.id) === params.id);
    return found ? HttpResponse.json(found) : NOT_FOUND_PRESCRIPTION();
  }),
  http.post(`${TEST_API}/prescriptions/:id/cancel`, ({ params, request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const found = prescriptionFixtures.prescriptions.find((candidate) => String(candidate.id) === params.id);
    if (!found) return NOT_FOUND_PRESCRIPTION();
    found.status = 'cancelled';
    return HttpResponse.json(found);
  }),
  http.get(`${TEST_API}/me/prescriptions`, ({ request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const data = prescriptionFixtures.prescriptions.map(toListItem);
    return HttpResponse.json({ data, total: data.length, page: 1, limit: 20 });
  }),
  http.get(`${TEST_API}/me/prescriptions/:id`, ({ params, request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const found = prescriptionFixtures.prescriptions.find((candidate) => String(candidate.id) === params.id);
    return found ? HttpResponse.json({ ...found, editable: false }) : NOT_FOUND_PRESCRIPTION();
  }),

  http.get(`${TEST_API}/prescription-templates`, ({ request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    return HttpResponse.json({
      data: prescriptionFixtures.templates.map(({ id, name, type, toolCount, createdAt }) => ({
        id,
        name,
        type,
        toolCount,
        createdAt,
      })),
    });
  }),
  http.get(`${TEST_API}/prescription-templates/:id`, ({ params, request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const found = prescriptionFixtures.templates.find((candidate) => String(candidate.id) === params.id);
    return found
      ? HttpResponse.json(found)
      : HttpResponse.json({ message: 'No encontramos esta plantilla entre tus plantillas.' }, { status: 404 });
  }),
  http.post(`${TEST_API}/prescription-templates`, async ({ request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const body = (await request.json()) as CreateTemplateRequestDto;
    prescriptionFixtures.createdTemplates.push(body);
    const template: TemplateDto = {
      id: nextTemplateId++,
      name: body.name,
      type: 'prescription',
      toolCount: body.tools?.length ?? 1,
      createdAt: new Date().toISOString(),
      notes: body.notes ?? '',
      tools: [],
      problems: [],
    };
    prescriptionFixtures.templates.push(template);
    return HttpResponse.json(template, { status: 201 });
  }),

  http.get(`${TEST_API}/prescription-settings`, ({ request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    return HttpResponse.json(prescriptionFixtures.settings);
  }),
  http.get(`${TEST_API}/documents`, ({ request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    return HttpResponse.json({ data: prescriptionFixtures.documents });
  }),
  http.get(`${TEST_API}/documents/:id/file`, ({ params, request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const found = prescriptionFixtures.documents.find((candidate) => String(candidate.id) === params.id);
    if (!found) return HttpResponse.json({ message: 'No encontramos este documento.' }, { status: 404 });
    return new HttpResponse(new TextEncoder().encode('%PDF-1.4 documento de prueba'), {
      headers: { 'content-type': found.mime },
    });
  }),

  http.post(`${TEST_API}/medical-requests`, async ({ request }) => {
    const body = (await request.json()) as MedicalRequestInputDto;
    prescriptionFixtures.medicalRequests.push(body);
    return HttpResponse.json<MedicalRequestDto>(
      {
        ...body,
        topic: body.topic ?? 'attention',
        id: prescriptionFixtures.medicalRequests.length,
        country_name: 'Colombia',
        status: 'new',
        statusUpdatedAt: null,
        createdAt: new Date().toISOString(),
      },
      { status: 201 },
    );
  }),
];
