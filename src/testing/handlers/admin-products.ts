import { http, HttpResponse } from 'msw';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  type AdminCatalogueOptionsDto,
  type AdminProductDto,
  type AdminProductInput,
  type AdminProductListDto,
} from '../../lib/shared/admin-products';
import { HORMONES_CATEGORY_ID } from '../../lib/shared/catalogue';
import { TEST_API } from '../api-url';
import { formRefusal } from './http-shapes';

// A fake of the admins' product editor API (server/src/admin/products.ts): the same paths, shapes and Spanish
// messages, field problems as `field: message`. Not in the default handlers: a test opts in with `server.use(...)`.

export const CATALOGUE_OPTIONS: AdminCatalogueOptionsDto = {
  categories: [
    { id: 1, name: 'Adaptógenos y fitoterapia' },
    { id: 2, name: 'Minerales' },
    { id: HORMONES_CATEGORY_ID, name: 'Hormonas bioidénticas' },
  ],
  forms: [
    { id: 1, name: 'Cápsulas' },
    { id: 2, name: 'Crema' },
  ],
};

export function buildAdminProduct(overrides: Partial<AdminProductDto> = {}): AdminProductDto {
  return {
    id: 1,
    name: 'Magnesio Bisglicinato 400 mg',
    slug: 'magnesio-bisglicinato-400-mg',
    description: 'Magnesio de alta absorción.',
    tag: 'Magnesio',
    categoryId: 2,
    categoryName: 'Minerales',
    pharmaceuticalFormId: 1,
    capsuleInfo: '1 cápsula = 400 mg',
    serialNumber: 'MAG-400',
    stockTracked: true,
    stockQuantity: 50,
    featured: false,
    pointsPrice: null,
    requiresSignedPrescription: false,
    prices: {
      co: { amount: 89_000, vatIncluded: true },
      mx: { amount: 38_950, vatIncluded: true },
      pe: null,
    },
    presentations: [{ containerType: 'Frasco', quantity: 60, unitSymbol: 'cápsulas', isDefault: true }],
    discounts: [],
    active: true,
    images: [],
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export const adminProductFixtures = {
  products: [] as AdminProductDto[],
  /** Every body of `POST` and `PUT /admin/products`, in order. */
  saved: [] as AdminProductInput[],
};

export function resetAdminProductFixtures(products: AdminProductDto[] = [buildAdminProduct()]): void {
  adminProductFixtures.products = products;
  adminProductFixtures.saved = [];
}

/** The server's one refusal shape (issue #20): a duplicate's message, else the form's; the field's in `fieldErrors`. */
const fieldProblem = (status: 400 | 409, field: string, message: string) =>
  formRefusal([{ field, message }], status === 409 ? { status, message } : { status });

let nextId = 500;

function save(existing: AdminProductDto | null, input: AdminProductInput) {
  adminProductFixtures.saved.push(input);
  if (adminProductFixtures.products.some((product) => product.slug === input.slug && product.id !== existing?.id)) {
    return fieldProblem(409, 'slug', 'Ya existe un producto con este slug.');
  }
  if (Object.values(input.prices).some((price) => price !== null && price.amount < 0)) {
    return fieldProblem(400, 'prices.co', 'El precio no puede ser negativo.');
  }
  const category = CATALOGUE_OPTIONS.categories.find((candidate) => candidate.id === input.categoryId);
  const product: AdminProductDto = {
    ...(existing ?? { id: nextId++, active: true, images: [], createdAt: '2026-11-21T10:00:00.000Z' }),
    ...input,
    requiresSignedPrescription: input.requiresSignedPrescription || input.categoryId === HORMONES_CATEGORY_ID,
    categoryName: category?.name ?? '',
  };
  adminProductFixtures.products = existing
    ? adminProductFixtures.products.map((candidate) => (candidate.id === product.id ? product : candidate))
    : [...adminProductFixtures.products, product];
  return HttpResponse.json(product, { status: existing ? 200 : 201 });
}

const NOT_FOUND = () => HttpResponse.json({ message: 'No encontramos este producto.' }, { status: 404 });
const find = (id: unknown) => adminProductFixtures.products.find((product) => String(product.id) === id);

/** The uploaded file's name and first bytes, read by hand: undici's `formData()` rejects jsdom's File objects. */
function uploadedFile(body: string): { name: string; content: string } | null {
  const match = /filename="([^"]+)"[^]*?\r?\n\r?\n([^]*)/.exec(body);
  return match?.[1] ? { name: match[1], content: match[2] ?? '' } : null;
}

/** PNG by its signature (0x89 reads as U+FFFD once decoded as text), whatever the file's name says. */
const isPng = (content: string) => content.slice(1, 4) === 'PNG';

let nextImageId = 700;

export const adminProductHandlers = [
  http.get(`${TEST_API}/admin/catalogue-options`, () => HttpResponse.json(CATALOGUE_OPTIONS)),
  http.post(`${TEST_API}/admin/products/:id/images`, async ({ params, request }) => {
    const existing = find(params.id);
    if (!existing) return NOT_FOUND();
    const file = uploadedFile(await request.text());
    // A file of the wrong type is an unsupported media type (415), as the server's upload check answers.
    if (!file || !isPng(file.content)) {
      return HttpResponse.json({ message: 'Sube una imagen JPG, PNG o WEBP.' }, { status: 415 });
    }
    if (!/\.png$/i.test(file.name)) {
      return HttpResponse.json(
        { message: 'El archivo no es lo que dice su nombre: su contenido no corresponde a su extensión.' },
        { status: 415 },
      );
    }
    const id = nextImageId++;
    existing.images = [...existing.images, { id, url: `/api/media/uploads/${id}`, uploaded: true }];
    return HttpResponse.json(existing, { status: 201 });
  }),
  http.delete(`${TEST_API}/admin/products/:id/images/:imageId`, ({ params }) => {
    const existing = find(params.id);
    if (!existing) return NOT_FOUND();
    existing.images = existing.images.filter((image) => String(image.id) !== params.imageId);
    return HttpResponse.json(existing);
  }),
  http.get(`${TEST_API}/admin/products`, ({ request }) => {
    const url = new URL(request.url);
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
    const matching = adminProductFixtures.products
      .filter((product) => url.searchParams.get('signedPrescription') !== 'true' || product.requiresSignedPrescription)
      .filter((product) => !search || `${product.name} ${product.slug}`.toLowerCase().includes(search));
    return HttpResponse.json<AdminProductListDto>({
      data: matching.slice((page - 1) * ADMIN_PRODUCTS_PAGE_SIZE, page * ADMIN_PRODUCTS_PAGE_SIZE),
      total: matching.length,
      page,
      limit: ADMIN_PRODUCTS_PAGE_SIZE,
    });
  }),
  http.post(`${TEST_API}/admin/products`, async ({ request }) =>
    save(null, (await request.json()) as AdminProductInput),
  ),
  http.put(`${TEST_API}/admin/products/:id`, async ({ params, request }) => {
    const existing = find(params.id);
    return existing ? save(existing, (await request.json()) as AdminProductInput) : NOT_FOUND();
  }),
  http.post(`${TEST_API}/admin/products/:id/:action`, ({ params }) => {
    const existing = find(params.id);
    if (!existing || (params.action !== 'activate' && params.action !== 'deactivate')) return NOT_FOUND();
    existing.active = params.action === 'activate';
    return HttpResponse.json(existing);
  }),
];
