import { http, HttpResponse } from 'msw';
import type { ProductDto } from '../../lib/shared/api-types';
import { TEST_API } from '../api-url';
import { buildProduct } from '../data';

/** 30 products per country unless a test installs its own handler. */
export function productCatalogue(countryId: number, count = 30): ProductDto[] {
  return Array.from({ length: count }, (_, index) =>
    buildProduct({ id: index + 1, name: `Producto ${index + 1}`, featured: index < 4 }, countryId),
  );
}

export const productHandlers = [
  http.get(`${TEST_API}/products/categories`, () =>
    HttpResponse.json({
      data: [
        { id: 1, name: 'Vitaminas y minerales', slug: 'vitaminas-y-minerales', count: 20 },
        { id: 2, name: 'Probióticos y salud digestiva', slug: 'probioticos-y-salud-digestiva', count: 10 },
      ],
    }),
  ),
  http.get(`${TEST_API}/products/pharmaceutical-forms`, () =>
    HttpResponse.json({ data: [{ id: 1, name: 'Cápsulas', slug: 'capsulas', count: 30 }] }),
  ),
  http.get(`${TEST_API}/products/:idOrSlug`, ({ params, request }) => {
    const countryId = Number(new URL(request.url).searchParams.get('country_id') ?? 1);
    const product = productCatalogue(countryId).find(
      (candidate) => candidate.slug === params.idOrSlug || String(candidate.id) === params.idOrSlug,
    );
    return product
      ? HttpResponse.json(product)
      : HttpResponse.json({ message: 'Producto no encontrado.' }, { status: 404 });
  }),
  http.post(`${TEST_API}/products/search-by-serial`, async ({ request }) => {
    const { number_serial: serial } = (await request.json()) as { number_serial?: string };
    if (serial !== 'FM-VM-000001') {
      return HttpResponse.json({ message: 'No encontramos un producto con ese número de serie.' }, { status: 404 });
    }
    return HttpResponse.json({ data: productCatalogue(1)[0] });
  }),
  http.get(`${TEST_API}/favorites`, () => HttpResponse.json({ data: [] })),
  http.get(`${TEST_API}/products`, ({ request }) => {
    const url = new URL(request.url);
    const countryId = Number(url.searchParams.get('country_id') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 24);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    let products = productCatalogue(countryId);
    if (url.searchParams.get('featured') === 'true') products = products.filter((product) => product.featured);
    const categoryId = url.searchParams.get('category_id');
    if (categoryId) products = products.filter((product) => product.category_id === Number(categoryId));
    const search = url.searchParams.get('search')?.toLowerCase();
    if (search) products = products.filter((product) => product.name.toLowerCase().includes(search));
    // `all=true` without a limit: the whole catalogue the viewer may see, as the server answers it (the offline copy).
    if (url.searchParams.get('all') === 'true' && !url.searchParams.has('limit')) {
      return HttpResponse.json({ data: products, total: products.length, limit: products.length, offset: 0 });
    }
    return HttpResponse.json({ data: products.slice(offset, offset + limit), total: products.length, limit, offset });
  }),
];
