import { describe, expect, it } from 'vitest';
import type { CountryDto } from '../../src/lib/shared/api-types';
import { testContextForFile } from './support/file-context';

const ctx = testContextForFile();

describe('GET /api/countries', () => {
  it('lists the three countries of the store with the product §3 data', async () => {
    const response = await ctx.app.request('/api/countries');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as CountryDto[];
    expect(body).toEqual([
      {
        id: 1,
        name: 'Colombia',
        code: 32,
        subdomain: 'co',
        iso: 'COL',
        country_id: 1,
        currency: 'COP',
        useCents: false,
      },
      {
        id: 2,
        name: 'México',
        code: 31,
        subdomain: 'mx',
        iso: 'MX',
        country_id: 2,
        currency: 'MXN',
        useCents: true,
      },
      {
        id: 3,
        name: 'Perú',
        code: 33,
        subdomain: 'pe',
        iso: 'PE',
        country_id: 3,
        currency: 'PEN',
        useCents: true,
      },
    ]);
  });

  it('ignores the country header: the list is the same for every storefront', async () => {
    const co = await (await ctx.app.request('/api/countries')).json();
    const pe = await (await ctx.app.request('/api/countries', { headers: { 'x-country': 'pe' } })).json();
    expect(pe).toEqual(co);
  });
});
