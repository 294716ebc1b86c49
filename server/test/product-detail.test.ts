import { describe, expect, it } from 'vitest';
import type { ApiErrorBody, ProductDto } from '../../src/lib/shared/api-types';
import { products as seedProducts } from '../src/db/seed/catalogue-data';
import { authHeaders, sessionFor } from './helpers';
import { testContextForFile } from './support/file-context';

const ctx = testContextForFile();

const NOT_FOUND: ApiErrorBody = { message: 'Producto no encontrado.' };

async function detail(idOrSlug: string, init?: RequestInit): Promise<ProductDto> {
  const response = await ctx.app.request(`/api/products/${idOrSlug}`, init);
  if (response.status !== 200) throw new Error(`${idOrSlug} → ${response.status}: ${await response.text()}`);
  return (await response.json()) as ProductDto;
}

function seed(slug: string) {
  const product = seedProducts.find((candidate) => candidate.slug === slug);
  if (!product) throw new Error(`No sembrado: ${slug}`);
  return product;
}

describe('GET /api/products/:id', () => {
  it('answers the same product by id and by slug', async () => {
    const bySlug = await detail('magnesio-bisglicinato-400-mg');
    expect(bySlug.slug).toBe('magnesio-bisglicinato-400-mg');
    expect(bySlug.name).toBe('Magnesio Bisglicinato 400 mg');
    const byId = await detail(String(bySlug.id));
    expect(byId).toEqual(bySlug);
  });

  it('matches the list entry of every product of the first page', async () => {
    const response = await ctx.app.request('/api/products?limit=10');
    const { data } = (await response.json()) as { data: ProductDto[] };
    expect(data).toHaveLength(10);
    for (const listed of data) {
      expect(await detail(String(listed.id))).toEqual(listed);
      expect(await detail(listed.slug)).toEqual(listed);
    }
  });

  it('prices in the requested country', async () => {
    const slug = 'magnesio-bisglicinato-400-mg';
    const { prices, vatIncluded } = seed(slug);
    expect((await detail(slug)).price).toEqual({
      country_id: 1,
      currency: 'COP',
      amount: prices.co,
      vat_included: vatIncluded,
    });
    expect((await detail(`${slug}?country_id=3`)).price).toEqual({
      country_id: 3,
      currency: 'PEN',
      amount: prices.pe,
      vat_included: vatIncluded,
    });
    expect((await detail(slug, { headers: { 'x-country': 'mx' } })).price).toEqual({
      country_id: 2,
      currency: 'MXN',
      amount: prices.mx,
      vat_included: vatIncluded,
    });
  });

  it('rejects an unknown country with a 400', async () => {
    const response = await ctx.app.request('/api/products/magnesio-bisglicinato-400-mg?country_id=99');
    expect(response.status).toBe(400);
    const body = (await response.json()) as ApiErrorBody;
    expect(body.message).toBe('Los parámetros de la consulta no son válidos.');
    expect(body.errors).toEqual(['El país 99 no está disponible en la tienda.']);
  });

  it('hides hormones and professional products from anonymous visitors and patients, even by URL', async () => {
    for (const slug of ['dhea-25-mg', ...seedProducts.filter((p) => p.categoryId === 5).map((p) => p.slug)]) {
      const id = (
        await ctx.database.db.selectFrom('products').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()
      ).id;
      for (const idOrSlug of [slug, String(id)]) {
        const anonymous = await ctx.app.request(`/api/products/${idOrSlug}`);
        expect(anonymous.status, idOrSlug).toBe(404);
        expect(await anonymous.json()).toEqual(NOT_FOUND);
        for (const email of ['paciente.co@demo.test', 'pendiente.co@demo.test']) {
          const response = await ctx.app.request(`/api/products/${idOrSlug}`, {
            headers: authHeaders(await sessionFor(ctx, email)),
          });
          expect(response.status, `${idOrSlug} as ${email}`).toBe(404);
          expect(await response.json()).toEqual(NOT_FOUND);
        }
      }
    }
  });

  it('shows them to approved professionals and admins; a hormone’s stock is not tracked', async () => {
    for (const email of ['medico.co@demo.test', 'profesional.co@demo.test', 'admin@demo.test']) {
      const dhea = await detail('dhea-25-mg', { headers: authHeaders(await sessionFor(ctx, email)) });
      expect(dhea.category_id).toBe(4);
      expect(seed('dhea-25-mg').stock).toBeNull();
      expect(dhea.stock).toEqual({ quantity: null, tracked: false });
      expect(dhea.presentations.filter((presentation) => presentation.is_default)).toHaveLength(1);
    }
  });

  it('does not trust role_id from the query nor a dead token', async () => {
    const response = await ctx.app.request('/api/products/dhea-25-mg?role_id=1&purchase_level_id=3', {
      headers: authHeaders('A'.repeat(43)),
    });
    expect(response.status).toBe(404);
  });

  it.each([
    ['an unknown id', '999999'],
    ['id 0', '0'],
    ['an unknown slug', 'no-existe-este-producto'],
    ['a slug in another case', 'MAGNESIO-BISGLICINATO-400-MG'],
    ['a huge numeric id', '99999999999999999999'],
    ['a negative id', '-1'],
    ['a decimal id', '1.5'],
    ['a LIKE pattern', encodeURIComponent('magnesio%')],
    ['an encoded traversal', '..%2f..%2fpackage.json'],
  ])('%s is a 404 with the Spanish message', async (_label, idOrSlug) => {
    const response = await ctx.app.request(`/api/products/${idOrSlug}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(NOT_FOUND);
  });

  // Ids are int4 and PostgreSQL text refuses NUL: both used to reach the database and answer 500.
  it.each([
    ['an id just above the int4 range', '2147483648'],
    ['a slug with a NUL character', 'a%00b'],
  ])('%s is a 404, not a database error', async (_label, idOrSlug) => {
    const response = await ctx.app.request(`/api/products/${idOrSlug}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(NOT_FOUND);
  });
});
