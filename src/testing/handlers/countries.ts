import { http, HttpResponse } from 'msw';
import type { CountryDto } from '../../lib/shared/api-types';
import { COUNTRIES } from '../../lib/shared/countries';
import { TEST_API } from '../api-url';

export const countryHandlers = [
  http.get(`${TEST_API}/countries`, () =>
    HttpResponse.json<CountryDto[]>(
      Object.values(COUNTRIES).map((country) => ({
        id: country.countryId,
        name: country.name,
        code: country.code,
        subdomain: country.subdomain,
        iso: country.iso,
        country_id: country.countryId,
        currency: country.currency,
        useCents: country.useCents,
      })),
    ),
  ),
];
