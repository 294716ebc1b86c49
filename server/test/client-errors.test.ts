import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_ROUTE_MESSAGE } from '../../src/lib/shared/client-errors';
import { CLIENT_ERROR_LIMIT } from '../src/client-errors/routes';
import { createLogger } from '../src/logger';
import { createTestContext, jsonRequest, type TestContext } from './helpers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
});

afterAll(async () => {
  await ctx?.close();
});

/** An app whose log is kept in `lines`, and a report sent from `address`. */
function recordedApp() {
  const lines: string[] = [];
  const app = ctx.makeApp({ logger: createLogger('debug', { write: (line) => void lines.push(line) }) });
  const report = (body: unknown, address: string) =>
    app.request('/api/client-errors', jsonRequest('POST', body, { 'x-forwarded-for': address }));
  return {
    report,
    errors: () =>
      lines.map((line) => JSON.parse(line) as { level: string; msg: string }).filter((line) => line.level === 'error'),
  };
}

const crash = {
  name: 'TypeError',
  message: "Cannot read properties of undefined (reading 'tools') en la cédula 52345674",
  route: '/:locale/mi-cuenta/mis-pacientes/:id',
  release: '2026.11.27',
};

describe('POST /api/client-errors', () => {
  it('logs what failed and where, with the digits that could name a person masked, and answers 204', async () => {
    const { report, errors } = recordedApp();
    const answer = await report(crash, '198.51.100.1');
    expect(answer.status).toBe(204);
    const [line] = errors();
    expect(line?.msg).toContain('/:locale/mi-cuenta/mis-pacientes/:id');
    expect(line?.msg).toContain('2026.11.27');
    expect(line?.msg).toContain("TypeError: Cannot read properties of undefined (reading 'tools')");
    expect(line?.msg).toContain('[8 dígitos]');
    expect(line?.msg).not.toContain('52345674');
  });

  it('refuses an address in place of the route’s pattern, and junk, with the Spanish 400', async () => {
    const { report, errors } = recordedApp();
    const withIds = await report(
      { ...crash, route: '/co/mi-cuenta/mis-pacientes/12?correo=ana@example.com' },
      '198.51.100.2',
    );
    expect(withIds.status).toBe(400);
    expect(await withIds.json()).toMatchObject({
      fieldErrors: [{ field: 'route', message: CLIENT_ERROR_ROUTE_MESSAGE }],
    });
    for (const junk of [
      {},
      { name: ['TypeError'], route: '/' },
      { name: 'x'.repeat(101), route: '/' },
      'no es json',
      [],
    ]) {
      const answer = await report(junk, '198.51.100.2');
      expect(answer.status).toBe(400);
    }
    expect(errors()).toEqual([]);
  });

  it('stops logging a device that reports past the limit, and still answers 204', async () => {
    const { report, errors } = recordedApp();
    for (let sent = 0; sent < CLIENT_ERROR_LIMIT.limit + 3; sent += 1) {
      expect((await report(crash, '198.51.100.3')).status).toBe(204);
    }
    expect(errors()).toHaveLength(CLIENT_ERROR_LIMIT.limit);
    expect((await report(crash, '198.51.100.4')).status).toBe(204);
    expect(errors()).toHaveLength(CLIENT_ERROR_LIMIT.limit + 1);
  });
});
