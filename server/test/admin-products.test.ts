import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminCatalogueOptionsDto,
  AdminProductDto,
  AdminProductInput,
  AdminProductListDto,
} from '../../src/lib/shared/admin-products';
import type { ApiErrorBody, ProductDto } from '../../src/lib/shared/api-types';
import { client, json } from './prescriptions-fixtures';
import { demoCaller, testContextForFile } from './support/file-context';
import { adminProductInput } from './support/admin-products';

const ctx = testContextForFile();
const admin = demoCaller(ctx, 'admin');
const doctor = demoCaller(ctx, 'doctor');
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#2e7d5b' } })
    .png()
    .toBuffer();
});

function productInput(overrides: Partial<AdminProductInput> = {}): AdminProductInput {
  return adminProductInput({
    name: 'Schisandra chinensis 500 mg',
    slug: 'schisandra-chinensis-500-mg',
    description: 'Adaptógeno de la medicina tradicional china.',
    tag: 'Adaptógeno',
    capsuleInfo: '60 cápsulas vegetales',
    serialNumber: 'ADM-ASH-600',
    stockTracked: true,
    stockQuantity: 40,
    prices: { co: null, mx: { amount: 52900, vatIncluded: true }, pe: null },
    discounts: [{ purchaseLevelId: 2, percent: 12.5 }],
    ...overrides,
  });
}

async function create(input: AdminProductInput): Promise<Response> {
  return client(ctx, admin).send('POST', '/admin/products', input);
}

async function catalogue(country: 'co' | 'mx', search: string): Promise<ProductDto[]> {
  const countryId = country === 'co' ? 1 : 2;
  const response = await ctx.app.request(`/api/products?country_id=${countryId}&search=${encodeURIComponent(search)}`);
  return (await json<{ data: ProductDto[] }>(response)).data;
}

describe('admin products', () => {
  it('creates a product sold only in Mexico: it reaches the Mexican catalogue with its MXN price, not Colombia’s', async () => {
    const response = await create(productInput());
    expect(response.status).toBe(201);
    const created = await json<AdminProductDto>(response);
    expect(created).toMatchObject({
      active: true,
      slug: 'schisandra-chinensis-500-mg',
      prices: { co: null, mx: { amount: 52900, vatIncluded: true }, pe: null },
      discounts: [{ purchaseLevelId: 2, percent: 12.5 }],
    });

    const [mexican] = await catalogue('mx', 'schisandra');
    expect(mexican).toMatchObject({ id: created.id, price: { currency: 'MXN', amount: 52900, vat_included: true } });
    expect(mexican?.presentations[0]).toMatchObject({ quantity: 60, unit: { symbol: 'cápsulas' } });
    expect(await catalogue('co', 'schisandra')).toEqual([]);
  });

  it('edits prices and stock, and deactivation takes the product out of the catalogue without deleting it', async () => {
    const created = await json<AdminProductDto>(
      await create(
        productInput({ slug: 'eleuterococo-400-mg', serialNumber: 'ADM-RHO-500', name: 'Eleuterococo 400 mg' }),
      ),
    );
    const edited = await client(ctx, admin).send(
      'PUT',
      `/admin/products/${created.id}`,
      productInput({
        slug: 'eleuterococo-400-mg',
        serialNumber: 'ADM-RHO-500',
        name: 'Eleuterococo 400 mg',
        stockQuantity: 0,
        prices: { co: { amount: 99000, vatIncluded: false }, mx: { amount: 52900, vatIncluded: true }, pe: null },
      }),
    );
    expect(edited.status).toBe(200);
    const [colombian] = await catalogue('co', 'eleuterococo');
    expect(colombian).toMatchObject({
      price: { currency: 'COP', amount: 99000 },
      stock: { quantity: 0, tracked: true },
    });

    const deactivated = await client(ctx, admin).send('POST', `/admin/products/${created.id}/deactivate`, {});
    expect((await json<AdminProductDto>(deactivated)).active).toBe(false);
    expect(await catalogue('co', 'eleuterococo')).toEqual([]);
    expect((await ctx.app.request(`/api/products/${created.id}?country_id=1`)).status).toBe(404);
    // Still listed for the admin, at the end, and can be activated again.
    const list = await json<AdminProductListDto>(await client(ctx, admin).get('/admin/products?search=eleuterococo'));
    expect(list.data.map((product) => [product.id, product.active])).toEqual([[created.id, false]]);
    await client(ctx, admin).send('POST', `/admin/products/${created.id}/activate`, {});
    expect(await catalogue('co', 'eleuterococo')).toHaveLength(1);
  });

  it('refuses a duplicate slug or serial, negative prices and stock, with Spanish messages per field and nothing saved', async () => {
    const before = await json<AdminProductListDto>(await client(ctx, admin).get('/admin/products'));

    const duplicate = await create(productInput({ serialNumber: 'ADM-OTRO' }));
    expect(duplicate.status).toBe(409);
    const duplicateBody = await json<ApiErrorBody & { fieldErrors: { field: string; message: string }[] }>(duplicate);
    expect(duplicateBody.message).toBe('Ya existe un producto con este slug.');
    expect(duplicateBody.fieldErrors).toEqual([{ field: 'slug', message: 'Ya existe un producto con este slug.' }]);

    const serial = await create(productInput({ slug: 'otro-slug', serialNumber: 'ADM-ASH-600' }));
    expect((await json<ApiErrorBody>(serial)).message).toBe('Ya existe un producto con este número de serie.');

    const negative = await create(
      productInput({
        slug: 'negativo',
        serialNumber: 'ADM-NEG',
        stockQuantity: -1,
        prices: { co: { amount: -100, vatIncluded: false }, mx: null, pe: null },
      }),
    );
    expect(negative.status).toBe(400);
    const negativeBody = await json<{ fieldErrors: { field: string; message: string }[] }>(negative);
    expect(negativeBody.fieldErrors).toEqual([
      { field: 'stockQuantity', message: 'El inventario no puede ser negativo.' },
      { field: 'prices.co', message: 'El precio no puede ser negativo.' },
    ]);

    const badSlug = await create(
      productInput({ slug: 'Con Espacios', serialNumber: 'ADM-X', prices: { co: null, mx: null, pe: null } }),
    );
    expect((await json<{ fieldErrors: { field: string }[] }>(badSlug)).fieldErrors.map((error) => error.field)).toEqual(
      ['slug', 'prices'],
    );

    const after = await json<AdminProductListDto>(await client(ctx, admin).get('/admin/products'));
    expect(after.total).toBe(before.total);
  });

  it('uploads an image checked by its content and serves it resized; a file that lies about its type is refused', async () => {
    const created = await json<AdminProductDto>(
      await create(productInput({ slug: 'maca-andina', serialNumber: 'ADM-MACA', name: 'Maca andina 500 mg' })),
    );
    const form = new FormData();
    form.append('file', new File([new Uint8Array(png)], 'maca.png', { type: 'image/png' }));
    const uploaded = await ctx.app.request(`/api/admin/products/${created.id}/images`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(uploaded.status).toBe(201);
    const withImage = await json<AdminProductDto>(uploaded);
    const image = withImage.images.at(-1);
    expect(image).toMatchObject({ uploaded: true, url: `/api/media/uploads/${image?.id}` });

    const resized = await ctx.app.request(`${image?.url}?w=640&q=75`, { headers: { accept: 'image/webp' } });
    expect(resized.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await resized.arrayBuffer())).metadata();
    expect(metadata.width).toBe(640);

    const liar = new FormData();
    liar.append('file', new File([new TextEncoder().encode('MZ not an image')], 'foto.png', { type: 'image/png' }));
    const refused = await ctx.app.request(`/api/admin/products/${created.id}/images`, {
      method: 'POST',
      body: liar,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(refused.status).toBe(415);
    expect((await json<ApiErrorBody>(refused)).message).toBe('Sube una imagen JPG, PNG o WEBP.');

    const renamed = new FormData();
    renamed.append('file', new File([new Uint8Array(png)], 'foto.jpg', { type: 'image/jpeg' }));
    const mismatch = await ctx.app.request(`/api/admin/products/${created.id}/images`, {
      method: 'POST',
      body: renamed,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect((await json<ApiErrorBody>(mismatch)).message).toBe(
      'El archivo no es lo que dice su nombre: su contenido no corresponde a su extensión.',
    );

    const removed = await client(ctx, admin).delete(`/admin/products/${created.id}/images/${image?.id}`);
    expect((await json<AdminProductDto>(removed)).images.some((candidate) => candidate.id === image?.id)).toBe(false);
    expect((await ctx.app.request(`${image?.url}?w=640`)).status).toBe(404);
  });

  it('marks a product as needing a signed prescription: the catalogue says so and its quote asks for one', async () => {
    const created = await json<AdminProductDto>(
      await create(
        productInput({
          slug: 'glutation-inyectable',
          serialNumber: 'ADM-GLU-INY',
          name: 'Glutatión inyectable 600 mg',
          requiresSignedPrescription: true,
          prices: { co: { amount: 180000, vatIncluded: true }, mx: null, pe: null },
        }),
      ),
    );
    expect(created.requiresSignedPrescription).toBe(true);
    const listed = await json<AdminProductListDto>(
      await client(ctx, admin).get('/admin/products?signedPrescription=true'),
    );
    expect(listed.data.map((product) => product.id)).toContain(created.id);
    expect(listed.data.every((product) => product.requiresSignedPrescription)).toBe(true);

    const [product] = await catalogue('co', 'glutation inyectable');
    expect(product?.requires_signed_prescription).toBe(true);
    const quote = await client(ctx, doctor).send('POST', '/checkout/quote', {
      countryId: 1,
      items: [{ productId: created.id, quantity: 1 }],
      pointItems: [],
      promoCode: null,
      discountPoints: 0,
    });
    expect(quote.status).toBe(200);
    expect(await json<{ requiresPrescription: boolean }>(quote)).toMatchObject({ requiresPrescription: true });
  });

  it('keeps every hormone needing a signed prescription, whatever the form says', async () => {
    const hormone = await json<AdminProductDto>(
      await create(
        productInput({
          slug: 'pregnenolona-10-mg-admin',
          serialNumber: 'ADM-PREG-10',
          name: 'Pregnenolona 10 mg',
          categoryId: 4,
          requiresSignedPrescription: false,
        }),
      ),
    );
    expect(hormone.requiresSignedPrescription).toBe(true);
  });

  it('offers every category and pharmaceutical form, the hormones among them', async () => {
    const options = await json<AdminCatalogueOptionsDto>(await client(ctx, admin).get('/admin/catalogue-options'));
    expect(options.categories.find((category) => category.id === 4)?.name).toBe('Hormonas bioidénticas');
    expect(options.forms.length).toBeGreaterThan(3);
  });

  it('is for admins only', async () => {
    const asDoctor = client(ctx, doctor);
    expect((await asDoctor.get('/admin/products')).status).toBe(403);
    expect(
      (await asDoctor.send('POST', '/admin/products', productInput({ slug: 'x', serialNumber: 'x' }))).status,
    ).toBe(403);
    expect((await client(ctx, null).get('/admin/products')).status).toBe(401);
  });
});
