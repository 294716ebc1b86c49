import { afterAll, beforeAll } from 'vitest';
import type { CountryCode } from '../../../src/lib/shared/countries';
import { createTestContext, sessionFor, type TestContext } from '../helpers';
import type { Caller } from '../prescriptions-fixtures';

/**
 * The test context of a whole file: opened before its first test, closed after its last. The object answered is
 * filled in when the context opens (a file's top level runs before that), so the file's tests and helpers read it as
 * they read a `let` assigned in `beforeAll`. Hooks a file adds after this call run after it opens and before it closes.
 */
export function testContextForFile(
  options?: Parameters<typeof createTestContext>[0],
  openTimeoutMs?: number,
): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestContext(options));
  }, openTimeoutMs);
  afterAll(async () => {
    // Nothing to close when the context failed to open: that failure is the one to report.
    await ctx.close?.();
  });
  return ctx;
}

/** The seed's demo accounts, by the part they play in the tests, with the country each signs in to. */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@demo.test', country: 'co' },
  doctor: { email: 'medico.co@demo.test', country: 'co' },
  mexicanDoctor: { email: 'medico.mx@demo.test', country: 'mx' },
  professional: { email: 'profesional.co@demo.test', country: 'co' },
  mexicanProfessional: { email: 'profesional.mx@demo.test', country: 'mx' },
  patient: { email: 'paciente.co@demo.test', country: 'co' },
  pending: { email: 'pendiente.co@demo.test', country: 'co' },
} as const satisfies Record<string, { email: string; country: CountryCode }>;

export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

/**
 * A caller signed in as a demo account for the whole file: its session opens once the file's context has (the token
 * is empty until then). A caller outside Colombia says its country, as the prescriptions' `client` sends it.
 */
export function demoCaller(ctx: TestContext, account: DemoAccount): Caller {
  const { email, country } = DEMO_ACCOUNTS[account];
  const caller: Caller = country === 'co' ? { token: '' } : { token: '', country };
  beforeAll(async () => {
    caller.token = await sessionFor(ctx, email, country);
  });
  return caller;
}
