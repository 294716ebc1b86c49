import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody, ProductDto } from '../../src/lib/shared/api-types';
import { PRODUCTS_PAGE_SIZE } from '../../src/lib/shared/catalogue';
import { COUNTRIES, type CountryCode } from '../../src/lib/shared/countries';
import { normalizeSearchText } from '../../src/lib/shared/text';
import {
  categories,
  pharmaceuticalForms,
  products as seedProducts,
  type SeedProduct,
} from '../src/db/seed/catalogue-data';
import { testContextForFile } from './support/file-context';

interface ProductListBody {
  data: ProductDto[];
  total: number;
  limit: number | null;
  offset: number;
}

const ctx = testContextForFile();

// Expectations are derived from the seed data, not from the server's own queries.
const categoryById = new Map(categories.map((category) => [category.id, category]));
const formById = new Map(pharmaceuticalForms.map((form) => [form.id, form]));
const seedBySlug = new Map(seedProducts.map((product) => [product.slug, product]));
const visibleProducts = seedProducts.filter((product) => categoryById.get(product.categoryId)?.patientVisible);
const hiddenProducts = seedProducts.filter((product) => !categoryById.get(product.categoryId)?.patientVisible);
const visibleSlugs = visibleProducts.map((product) => product.slug).sort();

const searchTextOf = (product: SeedProduct) =>
  normalizeSearchText([product.name, product.tag, categoryById.get(product.categoryId)?.name ?? ''].join(' '));

/** What the general catalogue should answer for `search`: every word, in any order, literally. */
function expectedSearchSlugs(search: string): string[] {
  const words = normalizeSearchText(search).split(' ');
  return visibleProducts
    .filter((product) => words.every((word) => searchTextOf(product).includes(word)))
    .map((product) => product.slug)
    .sort();
}

function seedOf(product: ProductDto): SeedProduct {
  const seed = seedBySlug.get(product.slug);
  if (!seed) throw new Error(`Producto que no está en el catálogo sembrado: ${product.slug}`);
  return seed;
}

async function list(query: string, init?: RequestInit): Promise<ProductListBody> {
  const response = await ctx.app.request(`/api/products${query}`, init);
  if (response.status !== 200) throw new Error(`${query} → ${response.status}: ${await response.text()}`);
  return (await response.json()) as ProductListBody;
}

const slugsOf = (body: ProductListBody) => body.data.map((product) => product.slug).sort();
const amountsOf = (body: ProductListBody) => body.data.map((product) => product.price?.amount ?? Number.NaN);

function expectSorted(values: number[], order: 'asc' | 'desc') {
  for (let index = 1; index < values.length; index += 1) {
    const [previous, current] = [values[index - 1] ?? Number.NaN, values[index] ?? Number.NaN];
    if (order === 'asc') expect(current).toBeGreaterThanOrEqual(previous);
    else expect(current).toBeLessThanOrEqual(previous);
  }
}

describe('seed data assumptions', () => {
  it('has 68 products, some of them in the non patient-visible categories 4 and 5', () => {
    expect(seedProducts).toHaveLength(68);
    expect(categories.filter((category) => !category.patientVisible).map((category) => category.id)).toEqual([4, 5]);
    expect(hiddenProducts.length).toBeGreaterThan(0);
    expect(hiddenProducts.every((product) => [4, 5].includes(product.categoryId))).toBe(true);
  });
});

describe('GET /api/products: list shape and audience', () => {
  it('answers the first page of 24 by default', async () => {
    const body = await list('');
    expect(Object.keys(body).sort()).toEqual(['data', 'limit', 'offset', 'total']);
    expect(body.limit).toBe(PRODUCTS_PAGE_SIZE);
    expect(body.limit).toBe(24);
    expect(body.offset).toBe(0);
    expect(body.total).toBe(visibleProducts.length);
    expect(body.data).toHaveLength(24);
  });

  it('all=true without limit returns every patient-visible product', async () => {
    const body = await list('?all=true');
    expect(body.limit).toBeNull();
    expect(body.total).toBe(visibleProducts.length);
    expect(body.data).toHaveLength(visibleProducts.length);
    expect(slugsOf(body)).toEqual(visibleSlugs);
    expect(new Set(body.data.map((product) => product.id)).size).toBe(body.data.length);
  });

  it('all=true still honours an explicit limit, and lifts the page-size cap', async () => {
    const five = await list('?all=true&limit=5');
    expect(five.limit).toBe(5);
    expect(five.data).toHaveLength(5);
    expect(five.total).toBe(visibleProducts.length);
    const big = await list('?all=1&limit=500');
    expect(big.limit).toBe(500);
    expect(big.data).toHaveLength(visibleProducts.length);
  });

  it('never lists categories 4 and 5 to the general audience, even when asked for them', async () => {
    const all = await list('?all=true');
    expect(all.data.some((product) => [4, 5].includes(product.category_id))).toBe(false);
    for (const hidden of hiddenProducts) expect(slugsOf(all)).not.toContain(hidden.slug);
    for (const categoryId of [4, 5]) {
      const body = await list(`?category_id=${categoryId}`);
      expect(body).toEqual({ data: [], total: 0, limit: 24, offset: 0 });
    }
    // A search that only hidden products match finds nothing either.
    const hormones = await list('?search=progesterona');
    expect(hormones.total).toBe(0);
  });

  it('pages with limit/offset are disjoint and together give the whole catalogue', async () => {
    const limit = 10;
    const pages: ProductListBody[] = [];
    for (let offset = 0; offset < visibleProducts.length + limit; offset += limit) {
      pages.push(await list(`?limit=${limit}&offset=${offset}`));
    }
    const seen = new Set<string>();
    for (const [index, page] of pages.entries()) {
      expect(page.limit).toBe(limit);
      expect(page.offset).toBe(index * limit);
      expect(page.total).toBe(visibleProducts.length);
      expect(page.data.length).toBe(Math.max(0, Math.min(limit, visibleProducts.length - index * limit)));
      for (const product of page.data) {
        expect(seen.has(product.slug)).toBe(false);
        seen.add(product.slug);
      }
    }
    expect([...seen].sort()).toEqual(visibleSlugs);
    // The pages are the slices of the full ordered list.
    const all = await list('?all=true');
    expect(pages.flatMap((page) => page.data.map((product) => product.id))).toEqual(
      all.data.map((product) => product.id),
    );
  });

  it('paging by price with ties stays disjoint', async () => {
    const first = await list('?orderBy=price&limit=20&offset=0');
    const second = await list('?orderBy=price&limit=20&offset=20');
    const third = await list('?orderBy=price&limit=20&offset=40');
    const ids = [...first.data, ...second.data, ...third.data].map((product) => product.slug);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(visibleSlugs);
  });

  it('an offset past the end answers an empty page with the real total', async () => {
    const body = await list(`?offset=${visibleProducts.length}`);
    expect(body.data).toEqual([]);
    expect(body.total).toBe(visibleProducts.length);
    expect(body.offset).toBe(visibleProducts.length);
  });
});

describe('GET /api/products: filters', () => {
  it.each(categories.filter((category) => category.patientVisible).map((category) => category.id))(
    'category_id=%i lists exactly the seeded products of that category',
    async (categoryId) => {
      const body = await list(`?category_id=${categoryId}&all=true`);
      const expected = visibleProducts.filter((product) => product.categoryId === categoryId);
      expect(expected.length).toBeGreaterThan(0);
      expect(body.total).toBe(expected.length);
      expect(body.data.every((product) => product.category_id === categoryId)).toBe(true);
      expect(body.data.every((product) => product.category.id === categoryId)).toBe(true);
      expect(slugsOf(body)).toEqual(expected.map((product) => product.slug).sort());
    },
  );

  it('an unknown category is an empty list, not an error', async () => {
    expect(await list('?category_id=999')).toEqual({ data: [], total: 0, limit: 24, offset: 0 });
  });

  it('pharmaceutical_form_id filters by form', async () => {
    for (const form of pharmaceuticalForms) {
      const body = await list(`?pharmaceutical_form_id=${form.id}&all=true`);
      const expected = visibleProducts.filter((product) => product.pharmaceuticalFormId === form.id);
      expect(body.total).toBe(expected.length);
      expect(body.data.every((product) => product.pharmaceutical_form?.id === form.id)).toBe(true);
      expect(slugsOf(body)).toEqual(expected.map((product) => product.slug).sort());
    }
  });

  it('featured=true lists only the featured products of the seed', async () => {
    const expected = visibleProducts.filter((product) => product.featured);
    expect(expected.length).toBeGreaterThanOrEqual(8);
    // The seed promises no featured product among the hidden categories.
    expect(hiddenProducts.some((product) => product.featured)).toBe(false);
    for (const value of ['true', '1']) {
      const body = await list(`?featured=${value}&all=true`);
      expect(body.total).toBe(expected.length);
      expect(body.data.every((product) => product.featured)).toBe(true);
      expect(slugsOf(body)).toEqual(expected.map((product) => product.slug).sort());
    }
  });

  it('featured=false lists the rest', async () => {
    const body = await list('?featured=false&all=true');
    expect(body.total).toBe(visibleProducts.filter((product) => !product.featured).length);
    expect(body.data.some((product) => product.featured)).toBe(false);
  });

  it('filters combine', async () => {
    const body = await list('?category_id=1&pharmaceutical_form_id=1&featured=true&all=true');
    const expected = visibleProducts.filter(
      (product) => product.categoryId === 1 && product.pharmaceuticalFormId === 1 && product.featured,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(slugsOf(body)).toEqual(expected.map((product) => product.slug).sort());
  });
});

describe('GET /api/products: search', () => {
  it('is case-insensitive', async () => {
    const expected = expectedSearchSlugs('magnesio');
    expect(expected).toContain('magnesio-bisglicinato-400-mg');
    expect(expected).toContain('magnesio-l-treonato');
    for (const term of ['MAGNESIO', 'magnesio', 'MaGnEsIo']) {
      const body = await list(`?all=true&search=${encodeURIComponent(term)}`);
      expect(slugsOf(body)).toEqual(expected);
      expect(body.total).toBe(expected.length);
    }
    // Sulfato de Magnesio is professional use (category 5): searching does not reveal it.
    expect(expected).not.toContain('sulfato-de-magnesio-20-ampolla');
  });

  it('is accent-insensitive in both directions', async () => {
    const curcuma = expectedSearchSlugs('curcuma');
    expect(curcuma).toContain('curcuma-piperina-95');
    for (const term of ['curcuma', 'cúrcuma', 'CÚRCUMA', 'Cu\u0301rcuma']) {
      expect(slugsOf(await list(`?all=true&search=${encodeURIComponent(term)}`))).toEqual(curcuma);
    }
    // A term typed with an accent the product name does not have.
    const magnesio = expectedSearchSlugs('magnesio');
    expect(slugsOf(await list(`?all=true&search=${encodeURIComponent('magnésio')}`))).toEqual(magnesio);
    // 'acido' finds 'Ácido Alfa Lipoico 300 mg'.
    expect(slugsOf(await list('?all=true&search=acido'))).toContain('acido-alfa-lipoico-300-mg');
  });

  it('matches every word in any order', async () => {
    const expected = expectedSearchSlugs('magnesio glicinato');
    expect(expected).toEqual(['magnesio-bisglicinato-400-mg']);
    for (const term of ['magnesio glicinato', 'glicinato magnesio', '  GLICINATO   magnesio  ']) {
      expect(slugsOf(await list(`?all=true&search=${encodeURIComponent(term)}`))).toEqual(expected);
    }
    // Both words must appear: a word no product has empties the result.
    expect((await list('?search=magnesio%20zzzz')).total).toBe(0);
  });

  it('searches the tag and the category name too', async () => {
    const byTag = expectedSearchSlugs('relajacion');
    expect(byTag.length).toBeGreaterThan(0);
    expect(slugsOf(await list('?all=true&search=relajaci%C3%B3n'))).toEqual(byTag);
    const byCategory = expectedSearchSlugs('probioticos');
    expect(slugsOf(await list('?all=true&search=probi%C3%B3ticos'))).toEqual(byCategory);
  });

  it('treats % and _ literally, not as LIKE wildcards', async () => {
    const percent = expectedSearchSlugs('%');
    expect(percent).toContain('curcuma-piperina-95');
    expect(percent.length).toBeLessThan(visibleProducts.length);
    expect(slugsOf(await list(`?all=true&search=${encodeURIComponent('%')}`))).toEqual(percent);
    for (const term of ['_', 'a%o', 'magnesi_', 'm%o', '\\', '\\%', '%%']) {
      const body = await list(`?all=true&search=${encodeURIComponent(term)}`);
      expect(slugsOf(body), term).toEqual(expectedSearchSlugs(term));
    }
    expect((await list(`?search=${encodeURIComponent('_')}`)).total).toBe(0);
    expect((await list(`?search=${encodeURIComponent('a%o')}`)).total).toBe(0);
  });

  it('an empty or blank search is no filter', async () => {
    expect((await list('?search=')).total).toBe(visibleProducts.length);
    expect((await list('?search=%20%20')).total).toBe(visibleProducts.length);
  });

  it('combines with paging: total counts every match', async () => {
    const expected = expectedSearchSlugs('vitamina');
    expect(expected.length).toBeGreaterThan(2);
    const page = await list('?search=vitamina&limit=2');
    expect(page.total).toBe(expected.length);
    expect(page.data).toHaveLength(2);
  });

  it('accepts a search of exactly 100 characters', async () => {
    const body = await list(`?search=${'a'.repeat(100)}`);
    expect(body.total).toBe(0);
  });
});

describe('GET /api/products: ordering', () => {
  it.each([
    ['', 1, 'co'],
    ['&country_id=2', 2, 'mx'],
    ['&country_id=3', 3, 'pe'],
  ] as const)('orderBy=price%s sorts by the country price', async (extra, countryId, subdomain) => {
    const asc = await list(`?all=true&orderBy=price${extra}`);
    const desc = await list(`?all=true&orderBy=price&order=desc${extra}`);
    expect(asc.data.every((product) => product.price?.country_id === countryId)).toBe(true);
    expectSorted(amountsOf(asc), 'asc');
    expectSorted(amountsOf(desc), 'desc');
    const seedAmounts = visibleProducts.map((product) => product.prices[subdomain]).sort((a, b) => a - b);
    expect(amountsOf(asc)).toEqual(seedAmounts);
    expect(amountsOf(desc)).toEqual([...seedAmounts].reverse());
    // The first page by price is the cheapest one.
    const firstPage = await list(`?orderBy=price&limit=5${extra}`);
    expect(amountsOf(firstPage)).toEqual(seedAmounts.slice(0, 5));
  });

  it('order is case-insensitive', async () => {
    const body = await list('?all=true&orderBy=price&order=DESC');
    expectSorted(amountsOf(body), 'desc');
  });

  it('orderBy=name sorts by name, and desc is the exact reverse', async () => {
    const asc = await list('?all=true&orderBy=name');
    const desc = await list('?all=true&orderBy=name&order=desc');
    const byDefault = await list('?all=true');
    expect(byDefault.data.map((product) => product.id)).toEqual(asc.data.map((product) => product.id));
    expect(desc.data.map((product) => product.id)).toEqual(asc.data.map((product) => product.id).reverse());
    // Any collation puts digits before letters and letters in alphabetical order at the first character.
    const initials = asc.data.map((product) => normalizeSearchText(product.name).charAt(0));
    expect(initials).toEqual([...initials].sort());
    expect(initials[0]).toBe('5');
    // On a byte-order collation the whole normalized text is sorted.
    const collation = await sql<{ datcollate: string }>`
      select datcollate from pg_database where datname = current_database()
    `.execute(ctx.database.db);
    if (/^(C|POSIX)(\.|$)/i.test(collation.rows[0]?.datcollate ?? '')) {
      const texts = asc.data.map((product) => searchTextOf(seedOf(product)));
      expect(texts).toEqual([...texts].sort());
    }
  });

  it('orderBy=featured puts the featured products first', async () => {
    const body = await list('?all=true&orderBy=featured');
    const featuredCount = visibleProducts.filter((product) => product.featured).length;
    expect(body.data.slice(0, featuredCount).every((product) => product.featured)).toBe(true);
    expect(body.data.slice(featuredCount).some((product) => product.featured)).toBe(false);
  });

  it('orderBy=created_at answers every product', async () => {
    const body = await list('?all=true&orderBy=created_at&order=desc');
    expect(slugsOf(body)).toEqual(visibleSlugs);
  });
});

describe('GET /api/products: country', () => {
  /** Every product of the page priced as seeded for `country`, in its currency. */
  const expectSeededPrices = (body: ProductListBody, country: CountryCode) => {
    for (const product of body.data) {
      expect(product.price).toEqual({
        country_id: COUNTRIES[country].countryId,
        currency: COUNTRIES[country].currency,
        amount: seedOf(product).prices[country],
        vat_included: seedOf(product).vatIncluded,
      });
    }
  };

  it('defaults to Colombia in whole pesos', async () => {
    const body = await list('?all=true');
    expectSeededPrices(body, 'co');
    for (const product of body.data) expect(Number.isInteger(product.price?.amount)).toBe(true);
  });

  it('country_id=2 gives MXN prices in cents as seeded', async () => {
    const body = await list('?all=true&country_id=2');
    expect(body.total).toBe(visibleProducts.length);
    expectSeededPrices(body, 'mx');
  });

  it('the x-country header picks the country when there is no country_id', async () => {
    for (const header of ['pe', 'PE']) {
      expectSeededPrices(await list('?all=true', { headers: { 'x-country': header } }), 'pe');
    }
  });

  it('country_id wins over the header, and an unknown header falls back to Colombia', async () => {
    const both = await list('?limit=3&country_id=2', { headers: { 'x-country': 'pe' } });
    expect(both.data.every((product) => product.price?.currency === 'MXN')).toBe(true);
    const unknown = await list('?limit=3', { headers: { 'x-country': 'ec' } });
    expect(unknown.data.every((product) => product.price?.currency === 'COP')).toBe(true);
  });
});

describe('GET /api/products: product DTO', () => {
  it('every product carries consistent presentations, images, stock and type', async () => {
    const body = await list('?all=true');
    expect(body.data.length).toBe(visibleProducts.length);
    for (const product of body.data) {
      const seed = seedOf(product);
      expect(product.name).toBe(seed.name);
      expect(product.description).toBe(seed.description);
      expect(product.tag).toBe(seed.tag);
      expect(product.featured).toBe(seed.featured);
      expect(product.capsule_info).toBe(seed.capsuleInfo);
      const category = categoryById.get(seed.categoryId);
      expect(product.category).toEqual({ id: seed.categoryId, name: category?.name, slug: category?.slug });
      expect(product.pharmaceutical_form).toEqual({
        id: seed.pharmaceuticalFormId,
        name: formById.get(seed.pharmaceuticalFormId)?.name,
      });

      // Presentations: exactly one default, listed first, with container and unit.
      expect(product.presentations.length).toBeGreaterThan(0);
      expect(product.presentations.filter((presentation) => presentation.is_default)).toHaveLength(1);
      expect(product.presentations[0]?.is_default).toBe(true);
      for (const presentation of product.presentations) {
        expect(typeof presentation.container_type.name).toBe('string');
        expect(presentation.container_type.name.length).toBeGreaterThan(0);
        expect(typeof presentation.unit.symbol).toBe('string');
        expect(presentation.unit.symbol.length).toBeGreaterThan(0);
        expect(presentation.quantity).toBeGreaterThan(0);
      }
      const sortedSeed = [...seed.presentations].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
      expect(product.presentations).toEqual(
        sortedSeed.map((presentation) => ({
          is_default: presentation.isDefault,
          quantity: presentation.quantity,
          unit: { symbol: presentation.unitSymbol },
          container_type: { name: presentation.containerType },
        })),
      );

      // Images: the first one is the main image, served by the media route.
      expect(product.images.length).toBeGreaterThan(0);
      expect(product.images[0]?.url).toBe(product.image);
      expect(product.image).toMatch(/^\/api\/media\/products\//);
      expect(product.image).toBe(`/api/media/products/${product.slug}.svg`);

      // Stock: untracked products have no quantity.
      expect(product.stock).toEqual({ quantity: seed.stock, tracked: seed.stock !== null });
      if (!product.stock.tracked) expect(product.stock.quantity).toBeNull();
      else expect(product.stock.quantity).toBeGreaterThanOrEqual(0);

      // Type: points iff it has a points price.
      expect(product.points_price).toBe(seed.pointsPrice);
      expect(product.type).toBe(product.points_price === null ? 'standard' : 'points');
    }
    // The seed covers both branches of type and out-of-stock products; untracked stock only exists in the hidden
    // categories, so product-detail.test.ts checks that branch.
    expect(body.data.some((product) => product.stock.quantity === 0)).toBe(true);
    expect(body.data.some((product) => product.type === 'points')).toBe(true);
    expect(body.data.some((product) => product.type === 'standard')).toBe(true);
  });
});

describe('GET /api/products: bad input', () => {
  const INVALID_QUERY = 'Los parámetros de la consulta no son válidos.';

  async function badRequest(query: string): Promise<ApiErrorBody> {
    const response = await ctx.app.request(`/api/products${query}`);
    expect(response.status, query).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as ApiErrorBody;
    expect(body.message).toBe(INVALID_QUERY);
    expect(Array.isArray(body.errors)).toBe(true);
    return body;
  }

  it.each([
    ['?limit=abc', 'limit'],
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?limit=1.5', 'limit'],
    ['?limit=-3', 'limit'],
    ['?offset=-1', 'offset'],
    ['?offset=x', 'offset'],
    ['?orderBy=foo', 'orderBy'],
    ['?orderBy=PRICE', 'orderBy'],
    ['?order=sideways', 'order'],
    ['?featured=maybe', 'featured'],
    ['?all=yes', 'all'],
    ['?category_id=abc', 'category_id'],
    ['?category_id=0', 'category_id'],
    ['?pharmaceutical_form_id=-1', 'pharmaceutical_form_id'],
    ['?role_id=x', 'role_id'],
    ['?purchase_level_id=-1', 'purchase_level_id'],
    ['?country_id=abc', 'country_id'],
    ['?country_id=0', 'country_id'],
    [`?search=${'a'.repeat(101)}`, 'search'],
    ['?limit=99999999999999999999', 'limit'],
  ])('%s → 400 naming the parameter', async (query, name) => {
    const body = await badRequest(query);
    expect(body.errors).toHaveLength(1);
    expect(body.errors?.[0]).toContain(`"${name}"`);
  });

  it('limit=101 states the allowed range', async () => {
    const body = await badRequest('?limit=101');
    expect(body.errors).toEqual(['El parámetro "limit" debe ser un número entero entre 1 y 100.']);
  });

  it('an unknown country_id is a 400 naming the country', async () => {
    const body = await badRequest('?country_id=99');
    expect(body.errors).toEqual(['El país 99 no está disponible en la tienda.']);
  });

  it('lists every problem at once', async () => {
    const query = new URLSearchParams({
      limit: 'abc',
      offset: '-1',
      orderBy: 'foo',
      order: 'sideways',
      featured: 'maybe',
      country_id: '99',
      search: 'x'.repeat(101),
      category_id: 'uno',
      pharmaceutical_form_id: '0',
    });
    const body = await badRequest(`?${query.toString()}`);
    expect(body.errors).toHaveLength(9);
    for (const name of [
      'limit',
      'offset',
      'orderBy',
      'order',
      'featured',
      'search',
      'category_id',
      'pharmaceutical_form_id',
    ]) {
      expect(
        body.errors?.some((error) => error.includes(`"${name}"`)),
        name,
      ).toBe(true);
    }
    expect(body.errors).toContain('El país 99 no está disponible en la tienda.');
    // Every message is Spanish prose, not a stack trace or an English validator message.
    for (const error of body.errors ?? []) expect(error).toMatch(/^El (parámetro|país) /);
  });

  it('limit above 100 is fine only with all=true', async () => {
    await badRequest('?limit=101&all=false');
    expect((await list('?limit=101&all=true')).limit).toBe(101);
  });

  it('never answers 500 to odd but harmless input', async () => {
    const queries = [
      '?limit=%20',
      '?limit=',
      '?offset=',
      '?offset=99999999999999',
      '?offset=-0',
      '?limit=1e2',
      '?limit=0x10',
      '?limit=%2B5',
      '?category_id=99999999999999999999',
      '?country_id=99999999999999999999',
      `?search=${encodeURIComponent("'; drop table products; --")}`,
      `?search=${encodeURIComponent('\u0301')}`,
      `?search=${encodeURIComponent('😀 vitamina')}`,
      '?search=%E9',
      '?orderBy=',
      '?order=',
      '?orderBy=price&orderBy=name',
      '?featured=TRUE',
      '?all=true&limit=9007199254740991',
      '?unknown=1',
    ];
    for (const query of queries) {
      const response = await ctx.app.request(`/api/products${query}`);
      expect([200, 400], query).toContain(response.status);
      const body = (await response.json()) as Partial<ProductListBody & ApiErrorBody>;
      if (response.status === 400) expect(body.message).toBe(INVALID_QUERY);
      else expect(Array.isArray(body.data)).toBe(true);
    }
    // The products table survived the injection attempt.
    expect((await list('')).total).toBe(visibleProducts.length);
  });

  // Ids are int4: a larger value used to pass validation and make PostgreSQL answer a 500.
  it.each([
    ['category_id', '?category_id=2147483648'],
    ['pharmaceutical_form_id', '?pharmaceutical_form_id=2147483648'],
    ['country_id', '?country_id=2147483648'],
  ])('%s above the int4 range is a 400 naming the parameter', async (name, query) => {
    const response = await ctx.app.request(`/api/products${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: string[] };
    expect(body.errors).toEqual([`El parámetro "${name}" debe ser un número entero entre 1 y 2147483647.`]);
  });

  // PostgreSQL text refuses NUL; control characters never belong in a search.
  it.each(['?search=%00', '?search=a%00b', '?search=a%07b'])('%s is a 400, not a database error', async (query) => {
    const response = await ctx.app.request(`/api/products${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: string[] };
    expect(body.errors).toEqual(['El parámetro "search" contiene caracteres no válidos.']);
  });
});
