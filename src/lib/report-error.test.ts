import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_API } from '../testing/api-url';
import { clientErrorFixtures } from '../testing/handlers/client-errors';
import { server } from '../testing/msw-server';
import { reportClientError, routePattern } from './report-error';

describe('routePattern', () => {
  it('turns each parameter back into its name, so no id reaches the report', () => {
    expect(routePattern('/co/mi-cuenta/mis-pacientes/12', { locale: 'co', id: '12' })).toBe(
      '/:locale/mi-cuenta/mis-pacientes/:id',
    );
    expect(routePattern('/pe/herramientas/magnesio-400', { locale: 'pe', slug: 'magnesio-400' })).toBe(
      '/:locale/herramientas/:slug',
    );
    expect(routePattern('/', {})).toBe('/');
  });
});

describe('reportClientError', () => {
  it('sends the error’s name, its message on one line, the route’s pattern and the release', async () => {
    reportClientError(new TypeError('No se pudo\nleer'), '/:locale/bolsa');
    await expect.poll(() => clientErrorFixtures.received).toHaveLength(1);
    expect(clientErrorFixtures.received[0]).toEqual({
      name: 'TypeError',
      message: 'No se pudo leer',
      route: '/:locale/bolsa',
      release: 'report-error.ts',
    });
  });

  it('replaces a route that is not a pattern, and never throws when the server cannot be reached', async () => {
    const received = new Promise<unknown>((resolve) => {
      server.use(
        http.post(`${TEST_API}/client-errors`, async ({ request }) => {
          resolve(await request.json());
          return HttpResponse.error();
        }),
      );
    });
    expect(() => reportClientError('texto', '/co/bolsa?x=1')).not.toThrow();
    expect(await received).toMatchObject({ name: 'string', message: 'texto', route: '/*' });
  });
});
