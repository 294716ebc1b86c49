import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductDto } from '../../src/lib/shared/api-types';
import { categories } from '../src/db/seed/catalogue-data';
import type { App } from '../src/http/app';
import { CatalogueCache } from '../src/products/response-cache';
import { authHeaders, jsonRequest, sessionFor } from './helpers';
import { testContextForFile } from './support/file-context';

const ctx = testContextForFile();
/** An app that trusts the version it read for a minute: only its own writes (and the triggers) can move it. */
let trusting: App;
let admin: Record<string, string>;
let doctor: Record<string, string>;

beforeAll(async () => {
  trusting = ctx.makeApp({ catalogueVersionCheckMs: 60_000 });
  admin = authHeaders(await sessionFor(ctx, 'admin@demo.test'), 'co');
  doctor = authHeaders(await sessionFor(ctx, 'medico.co@demo.test'), 'co');
});

const LIST = '/api/products?limit=100&country_id=1';
const NO_HEADERS = { header: () => undefined };
const hiddenCategoryIds = new Set(categories.filter((category) => !category.patientVisible).map((c) => c.id));

async function list(app: App, headers: Record<string, string> = {}): Promise<ProductDto[]> {
  const response = await app.request(LIST, { headers });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: ProductDto[] }).data;
}

describe('catalogue answers kept in memory', () => {
  it('answers again with the same ETag, a 304 to a client that sends it back, and gzip to one that takes it', async () => {
    const first = await ctx.app.request(LIST);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"\d+-[\w-]{22}"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.headers.get('vary')).toContain('Cookie');
    const body = await first.text();

    const again = await ctx.app.request(LIST, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');

    const zipped = await ctx.app.request(LIST, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(body);
  });

  it('keeps each audience apart: a professional’s answer is never given to a visitor, nor the reverse', async () => {
    const forDoctor = await list(trusting, doctor);
    const forVisitor = await list(trusting);
    expect(forDoctor.some((product) => hiddenCategoryIds.has(product.category_id))).toBe(true);
    expect(forVisitor.some((product) => hiddenCategoryIds.has(product.category_id))).toBe(false);
    // Asked in the other order, the same.
    expect((await list(trusting, doctor)).map((product) => product.id)).toEqual(forDoctor.map((p) => p.id));
    expect((await list(trusting)).map((product) => product.id)).toEqual(forVisitor.map((p) => p.id));
  });

  it('shows an admin’s edit at once on the instance it went through', async () => {
    const [product] = await list(trusting);
    expect(product).toBeDefined();
    const deactivated = await trusting.request(
      `/api/admin/products/${product!.id}/deactivate`,
      jsonRequest('POST', {}, admin),
    );
    expect(deactivated.status).toBe(200);
    expect((await list(trusting)).map((listed) => listed.id)).not.toContain(product!.id);
    const activated = await trusting.request(
      `/api/admin/products/${product!.id}/activate`,
      jsonRequest('POST', {}, admin),
    );
    expect(activated.status).toBe(200);
    expect((await list(trusting)).map((listed) => listed.id)).toContain(product!.id);
  });

  it('shows a write made elsewhere (another instance, a sweep, a sale’s stock) once the version is read again', async () => {
    const [product] = await list(ctx.app);
    const quantity = (product!.stock.quantity ?? 0) + 7;
    // Straight to the database, as another instance of the server would: the triggers bump the version.
    await ctx.database.db
      .updateTable('products')
      .set({ stock_tracked: true, stock_quantity: quantity })
      .where('id', '=', product!.id)
      .execute();
    const [after] = await list(ctx.app);
    expect(after).toMatchObject({ id: product!.id, stock: { tracked: true, quantity } });
  });

  it('does not keep an answer that failed, and never keeps more than its limits', async () => {
    const missing = await ctx.app.request('/api/products/no-existe-este-producto');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Producto no encontrado.' });

    let clock = 0;
    const cache = new CatalogueCache(ctx.database.db, { maxEntries: 3, versionCheckMs: 1_000, now: () => clock });
    const answers: number[] = [];
    for (let page = 0; page < 10; page += 1) {
      const response = await cache.answer(NO_HEADERS, `page-${page}`, async () => ({ page }));
      answers.push(((await response.json()) as { page: number }).page);
    }
    expect(answers).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(cache.size.entries).toBe(3);

    // Within the interval the version is trusted: a write made elsewhere is not seen yet; after it, it is.
    let builds = 0;
    const build = async () => ({ builds: ++builds });
    await cache.answer(NO_HEADERS, 'counted', build);
    await ctx.database.db
      .updateTable('products')
      .set((eb) => ({ stock_quantity: eb('stock_quantity', '+', 1) }))
      .where('id', '=', 1)
      .execute();
    await cache.answer(NO_HEADERS, 'counted', build);
    expect(builds).toBe(1);
    clock += 1_000;
    await cache.answer(NO_HEADERS, 'counted', build);
    expect(builds).toBe(2);
  });
});
