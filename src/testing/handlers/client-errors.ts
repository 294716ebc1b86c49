import { http, HttpResponse } from 'msw';
import { clientErrorReportSchema } from '../../lib/shared/client-error-schemas';
import { TEST_API } from '../api-url';
import { formRefusal } from './http-shapes';

// A fake of `POST /client-errors` (server/src/client-errors/routes.ts): the error screens report there. It checks
// the report with the server's schema and keeps what it received for the tests that look.

export const clientErrorFixtures = { received: [] as unknown[] };

export function resetClientErrorFixtures(): void {
  clientErrorFixtures.received = [];
}

export const clientErrorHandlers = [
  http.post(`${TEST_API}/client-errors`, async ({ request }) => {
    const body: unknown = await request.json();
    const parsed = clientErrorReportSchema.safeParse(body);
    if (!parsed.success) {
      return formRefusal(parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })));
    }
    clientErrorFixtures.received.push(body);
    return new HttpResponse(null, { status: 204 });
  }),
];
