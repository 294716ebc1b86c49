import { http, HttpResponse } from 'msw';
import { COUNTRIES, countryById } from '../../lib/shared/countries';
import {
  IDEMPOTENCY_HEADER,
  insufficientPointsMessage,
  POINTS_HISTORY_DEFAULT_LIMIT,
  type ComboDto,
  type EventDto,
  type PointEntryType,
  type PointProductDto,
  type PointProductRedemptionDto,
  type PointsConfigDto,
  type PointsCountryDto,
  type PointsHistoryEntryDto,
  type PointsHistoryPageDto,
  type PointsRedemptionRecordDto,
} from '../../lib/shared/points';
import { NO_PRODUCTS_MESSAGE, pointsItemSchema } from '../../lib/shared/points-schemas';
import { TEST_API } from '../api-url';
import { formRefusal } from './http-shapes';
import { signedIn } from './auth';

// A fake of the points programme (server/src/gamification/routes.ts): the same paths, shapes and Spanish messages.

const DAY_MS = 86_400_000;
const FIXED_NOW = Date.parse('2026-11-20T15:00:00.000Z');

export function pointsCountry(countryId: number): PointsCountryDto {
  const country = countryById(countryId) ?? COUNTRIES.co;
  return { id: country.countryId, name: country.name, iso_code: country.iso };
}

export function buildPointsConfig(overrides: Partial<PointsConfigDto> = {}): PointsConfigDto {
  const countryId = overrides.countryId ?? 1;
  const country = countryById(countryId) ?? COUNTRIES.co;
  return {
    countryId,
    pointValue: 10,
    purchaseRewardPercent: 2,
    prescriptionRewardPercent: 3,
    currency: country.currency,
    useCents: country.useCents,
    updatedAt: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

let nextId = 500;

export function buildEvent(overrides: Partial<EventDto> = {}): EventDto {
  return {
    id: overrides.id ?? nextId++,
    name: 'Congreso de Medicina Funcional',
    description: 'Dos días de conferencias y talleres.',
    image: null,
    requiredPoints: 3_000,
    isActive: true,
    countries: [pointsCountry(1), pointsCountry(2), pointsCountry(3)],
    startDate: new Date(Date.now() - 7 * DAY_MS).toISOString(),
    endDate: new Date(Date.now() + 90 * DAY_MS).toISOString(),
    ...overrides,
  };
}

export function buildCombo(overrides: Partial<ComboDto> = {}): ComboDto {
  return {
    id: overrides.id ?? nextId++,
    name: 'Combo consultorio funcional',
    description: 'Tres frascos de magnesio y tres de omega 3.',
    image: '/api/media/products/combo.svg',
    requiredPoints: 2_000,
    isActive: true,
    countries: [pointsCountry(1), pointsCountry(2), pointsCountry(3)],
    ...overrides,
  };
}

export function buildPointProduct(overrides: Partial<PointProductDto> = {}): PointProductDto {
  return {
    id: overrides.id ?? nextId++,
    name: 'Termo del Dispensario',
    description: 'Termo de acero de 500 ml.',
    imageUrl: null,
    priceInPoints: 500,
    isActive: true,
    deletedAt: null,
    countries: [pointsCountry(1), pointsCountry(2), pointsCountry(3)],
    ...overrides,
  };
}

export function buildHistoryEntry(overrides: Partial<PointsHistoryEntryDto> = {}): PointsHistoryEntryDto {
  return {
    id: overrides.id ?? nextId++,
    type: 'purchase',
    points: 300,
    balance: 5_300,
    createdAt: new Date(FIXED_NOW).toISOString(),
    metadata: { orderId: 42 },
    products: [],
    ...overrides,
  };
}

/** What the fake server holds; `resetPointsFixtures` (call it in `beforeEach`) starts it over. */
export const pointsFixtures = {
  configs: [] as PointsConfigDto[],
  /** Balance per user id; a user without one has 0. */
  balances: new Map<number, number>(),
  /** The logged-in user's ledger, newest first. */
  history: [] as PointsHistoryEntryDto[],
  events: [] as EventDto[],
  combos: [] as ComboDto[],
  products: [] as PointProductDto[],
  eventHistory: [] as PointsRedemptionRecordDto[],
  comboHistory: [] as PointsRedemptionRecordDto[],
  productRedemptions: [] as PointProductRedemptionDto[],
  /** Answers already given per Idempotency-Key: a retry gets the same answer and spends nothing more. */
  answered: new Map<string, number>(),
  /** Every spending call received, with its Idempotency-Key. */
  spends: [] as { path: string; body: Record<string, unknown>; idempotencyKey: string | null }[],
};

export function resetPointsFixtures() {
  // From the same id in every test: the web project's files share one module graph per worker.
  nextId = 500;
  pointsFixtures.configs = [
    buildPointsConfig({ countryId: 1, pointValue: 10 }),
    buildPointsConfig({ countryId: 2, pointValue: 5 }),
    buildPointsConfig({ countryId: 3, pointValue: 1 }),
  ];
  pointsFixtures.balances = new Map();
  pointsFixtures.history = [];
  pointsFixtures.events = [];
  pointsFixtures.combos = [];
  pointsFixtures.products = [];
  pointsFixtures.eventHistory = [];
  pointsFixtures.comboHistory = [];
  pointsFixtures.productRedemptions = [];
  pointsFixtures.answered = new Map();
  pointsFixtures.spends = [];
}
resetPointsFixtures();

const UNAUTHORIZED = () => HttpResponse.json({ message: 'Sesión inválida' }, { status: 401 });

const available = (item: { isActive: boolean; countries: PointsCountryDto[] }, countryId: number) =>
  item.isActive && item.countries.some((country) => country.id === countryId);

const withinPeriod = (event: EventDto) =>
  Date.parse(event.startDate) <= Date.now() && Date.parse(event.endDate) >= Date.now();

/** The session's country id, as the server reads it from `x-country`. */
function spenderCountryId(request: Request): number {
  const code = request.headers.get('x-country');
  return code === 'mx' || code === 'pe' || code === 'co' ? COUNTRIES[code].countryId : 1;
}

/** The server's one refusal of a body (`refusedFields`): the form's message, the fields' messages, `fieldErrors`. */
function fieldProblems(problems: { field: string; message: string }[]) {
  return HttpResponse.json(
    {
      message: 'Revisa los datos del formulario.',
      errors: problems.map((problem) => problem.message),
      fieldErrors: problems,
    },
    { status: 400 },
  );
}

interface SpendPlan {
  type: PointEntryType;
  cost: number;
  name: string;
  record: (remaining: number, entryId: number) => void;
}

/** Spends like the server: replays a known Idempotency-Key, refuses a short balance, writes the ledger. */
async function spend(request: Request, path: string, plan: (body: Record<string, unknown>) => SpendPlan | Response) {
  if (!signedIn(request)) return UNAUTHORIZED();
  const body = (await request.json()) as Record<string, unknown>;
  const idempotencyKey = request.headers.get(IDEMPOTENCY_HEADER);
  pointsFixtures.spends.push({ path, body, idempotencyKey });
  if (idempotencyKey && pointsFixtures.answered.has(idempotencyKey)) {
    return HttpResponse.json({ remaining: pointsFixtures.answered.get(idempotencyKey) });
  }
  const planned = plan(body);
  if (planned instanceof Response) return planned;
  const userId = 10;
  const balance = pointsFixtures.balances.get(userId) ?? 0;
  if (planned.cost > balance) {
    return HttpResponse.json({ message: insufficientPointsMessage(balance, planned.cost) }, { status: 422 });
  }
  const remaining = balance - planned.cost;
  pointsFixtures.balances.set(userId, remaining);
  const entry = buildHistoryEntry({
    type: planned.type,
    points: -planned.cost,
    balance: remaining,
    createdAt: new Date().toISOString(),
    metadata: { name: planned.name },
  });
  pointsFixtures.history.unshift(entry);
  planned.record(remaining, entry.id);
  if (idempotencyKey) pointsFixtures.answered.set(idempotencyKey, remaining);
  return HttpResponse.json({ remaining });
}

type Kind = 'events' | 'combos' | 'products';
type AnyItem = EventDto | ComboDto | PointProductDto;

function itemsOf(kind: Kind): AnyItem[] {
  return kind === 'events'
    ? pointsFixtures.events
    : kind === 'combos'
      ? pointsFixtures.combos
      : pointsFixtures.products;
}

const ITEM_KINDS = { events: 'event', combos: 'combo', products: 'product' } as const;

/** The server's own check of an item (the shared schema), answered in its one shape (`validated.ts`). */
function refusedItem(kind: Kind, body: Record<string, unknown>, creating: boolean) {
  const parsed = pointsItemSchema(ITEM_KINDS[kind], creating).safeParse(body, { reportInput: true });
  if (parsed.success) return undefined;
  const fieldErrors: { field: string; message: string }[] = [];
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    const missing = issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null);
    if (!fieldErrors.some((error) => error.field === field)) {
      fieldErrors.push({ field, message: missing ? 'Campo obligatorio' : issue.message });
    }
  }
  return formRefusal(fieldErrors);
}

function applyItem(kind: Kind, item: AnyItem, body: Record<string, unknown>): AnyItem {
  const next = { ...item } as Record<string, unknown>;
  for (const [key, value] of Object.entries(body)) {
    next[key] = key === 'countries' ? (value as number[]).map(pointsCountry) : value;
  }
  if (kind === 'products' && body.isActive === true) next.deletedAt = null;
  return next as unknown as AnyItem;
}

export const pointsHandlers = [
  http.get(`${TEST_API}/gamification/config`, ({ request }) =>
    signedIn(request) ? HttpResponse.json({ data: pointsFixtures.configs }) : UNAUTHORIZED(),
  ),
  http.patch(`${TEST_API}/gamification/config/:countryId`, async ({ params, request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const body = (await request.json()) as Record<string, number>;
    const problems: { field: string; message: string }[] = [];
    const pointValue = body.pointValue;
    if (pointValue !== undefined && !(pointValue > 0 && pointValue <= 10_000)) {
      problems.push({
        field: 'pointValue',
        message: 'Debe ser un número mayor que 0 hasta 10000, con máximo 2 decimales.',
      });
    }
    if (problems.length > 0) return fieldProblems(problems);
    const countryId = Number(params.countryId);
    const current = pointsFixtures.configs.find((config) => config.countryId === countryId);
    const saved = { ...(current ?? buildPointsConfig({ countryId })), ...body, updatedAt: new Date().toISOString() };
    pointsFixtures.configs = [...pointsFixtures.configs.filter((config) => config.countryId !== countryId), saved];
    return HttpResponse.json(saved);
  }),
  http.get(`${TEST_API}/gamification/users/:userId/points`, ({ params, request }) =>
    signedIn(request)
      ? HttpResponse.json({ points: pointsFixtures.balances.get(Number(params.userId)) ?? 0 })
      : UNAUTHORIZED(),
  ),
  http.get(`${TEST_API}/gamification/history/unified/:userId`, ({ request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const url = new URL(request.url);
    const type = url.searchParams.get('type');
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? POINTS_HISTORY_DEFAULT_LIMIT);
    const all = pointsFixtures.history.filter((entry) => !type || entry.type === type);
    const items = all.slice((page - 1) * limit, page * limit);
    const answer: PointsHistoryPageDto = {
      items,
      data: items,
      total: all.length,
      limit,
      page,
      totalPages: Math.ceil(all.length / limit),
    };
    return HttpResponse.json(answer);
  }),
  http.get(`${TEST_API}/gamification/history/events/:userId`, ({ request }) =>
    signedIn(request) ? HttpResponse.json({ data: pointsFixtures.eventHistory }) : UNAUTHORIZED(),
  ),
  http.get(`${TEST_API}/gamification/history/combos/:userId`, ({ request }) =>
    signedIn(request) ? HttpResponse.json({ data: pointsFixtures.comboHistory }) : UNAUTHORIZED(),
  ),
  http.get(`${TEST_API}/gamification/history/products/:userId`, ({ request }) =>
    signedIn(request) ? HttpResponse.json({ data: pointsFixtures.productRedemptions }) : UNAUTHORIZED(),
  ),
  http.get(`${TEST_API}/gamification/events/country/:countryId`, ({ params }) =>
    HttpResponse.json({
      data: pointsFixtures.events.filter((event) => available(event, Number(params.countryId)) && withinPeriod(event)),
    }),
  ),
  http.get(`${TEST_API}/gamification/combos/country/:countryId`, ({ params }) =>
    HttpResponse.json({ data: pointsFixtures.combos.filter((combo) => available(combo, Number(params.countryId))) }),
  ),
  http.get(`${TEST_API}/gamification/products/by-country/:countryId`, ({ params }) =>
    HttpResponse.json({
      data: pointsFixtures.products.filter(
        (product) => !product.deletedAt && available(product, Number(params.countryId)),
      ),
    }),
  ),
  // The admin's lists: everything, active or not.
  ...(['events', 'combos', 'products'] as const).flatMap((kind) => [
    http.get(`${TEST_API}/gamification/${kind}`, ({ request }) =>
      signedIn(request) ? HttpResponse.json({ data: itemsOf(kind) }) : UNAUTHORIZED(),
    ),
    http.post(`${TEST_API}/gamification/${kind}`, async ({ request }) => {
      if (!signedIn(request)) return UNAUTHORIZED();
      const body = (await request.json()) as Record<string, unknown>;
      const refused = refusedItem(kind, body, true);
      if (refused) return refused;
      const base = kind === 'events' ? buildEvent() : kind === 'combos' ? buildCombo() : buildPointProduct();
      const created = applyItem(kind, base, body);
      itemsOf(kind).unshift(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch(`${TEST_API}/gamification/${kind}/:id`, async ({ params, request }) => {
      if (!signedIn(request)) return UNAUTHORIZED();
      const list = itemsOf(kind);
      const index = list.findIndex((item) => item.id === Number(params.id));
      if (index < 0) return HttpResponse.json({ message: 'Evento no encontrado.' }, { status: 404 });
      const body = (await request.json()) as Record<string, unknown>;
      const refused = refusedItem(kind, body, false);
      if (refused) return refused;
      const updated = applyItem(kind, list[index] as AnyItem, body);
      list[index] = updated;
      return HttpResponse.json(updated);
    }),
  ]),
  http.post(`${TEST_API}/gamification/participate-event`, ({ request }) =>
    spend(request, 'participate-event', (body) => {
      const event = pointsFixtures.events.find((candidate) => candidate.id === body.eventId);
      if (!event) return HttpResponse.json({ message: 'Evento no encontrado.' }, { status: 404 });
      if (!available(event, spenderCountryId(request))) {
        return HttpResponse.json({ message: 'El evento no está activo.' }, { status: 422 });
      }
      if (pointsFixtures.eventHistory.some((record) => record.itemId === event.id)) {
        return HttpResponse.json({ message: 'Ya participas en este evento.' }, { status: 409 });
      }
      return {
        type: 'event',
        cost: event.requiredPoints,
        name: event.name,
        record: (_remaining, entryId) =>
          pointsFixtures.eventHistory.unshift({
            id: entryId,
            itemId: event.id,
            name: event.name,
            spentPoints: event.requiredPoints,
            createdAt: new Date().toISOString(),
          }),
      };
    }),
  ),
  http.post(`${TEST_API}/gamification/buy-combo`, ({ request }) =>
    spend(request, 'buy-combo', (body) => {
      const combo = pointsFixtures.combos.find((candidate) => candidate.id === body.comboId);
      if (!combo) return HttpResponse.json({ message: 'Combo no encontrado.' }, { status: 404 });
      return {
        type: 'combo',
        cost: combo.requiredPoints,
        name: combo.name,
        record: (_remaining, entryId) =>
          pointsFixtures.comboHistory.unshift({
            id: entryId,
            itemId: combo.id,
            name: combo.name,
            spentPoints: combo.requiredPoints,
            createdAt: new Date().toISOString(),
          }),
      };
    }),
  ),
  http.post(`${TEST_API}/gamification/products/redeem`, ({ request }) =>
    spend(request, 'products/redeem', (body) => {
      const product = pointsFixtures.products.find((candidate) => candidate.id === body.productId);
      if (!product) return HttpResponse.json({ message: 'Producto de puntos no encontrado.' }, { status: 404 });
      const quantity = Number(body.quantity);
      return {
        type: 'product',
        cost: product.priceInPoints * quantity,
        name: product.name,
        record: (_remaining, entryId) =>
          pointsFixtures.productRedemptions.unshift({
            id: entryId,
            productId: product.id,
            quantity,
            spentPoints: product.priceInPoints * quantity,
            createdAt: new Date().toISOString(),
            product,
          }),
      };
    }),
  ),
  http.post(`${TEST_API}/gamification/redeem/batch`, ({ request }) =>
    spend(request, 'redeem/batch', (body) => {
      const lines = Array.isArray(body.products) ? (body.products as { productId: number; quantity: number }[]) : [];
      if (lines.length === 0) return formRefusal([{ field: 'products', message: NO_PRODUCTS_MESSAGE }]);
      const priced = lines.map((line) => ({
        line,
        product: pointsFixtures.products.find((candidate) => candidate.id === line.productId),
      }));
      if (priced.some(({ product }) => !product)) {
        return HttpResponse.json({ message: 'Producto de puntos no encontrado.' }, { status: 404 });
      }
      return {
        type: 'batch',
        cost: priced.reduce((sum, { line, product }) => sum + (product?.priceInPoints ?? 0) * line.quantity, 0),
        name: '',
        record: (_remaining, entryId) =>
          priced.forEach(({ line, product }) =>
            pointsFixtures.productRedemptions.unshift({
              id: entryId,
              productId: line.productId,
              quantity: line.quantity,
              spentPoints: (product?.priceInPoints ?? 0) * line.quantity,
              createdAt: new Date().toISOString(),
              product: product as PointProductDto,
            }),
          ),
      };
    }),
  ),
];
