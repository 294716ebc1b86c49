import { describe, expect, it } from 'vitest';
import {
  EXPECTED_USER_HEADER,
  OUTBOX_META_HEADER,
  OUTBOX_QUEUED_HEADER,
  type OutboxItem,
  type OutboxMeta,
} from '../src/lib/shared/outbox';
import { Outbox } from './outbox';
import { idbOutboxStore, type OutboxEntry, type OutboxStore } from './outbox-store';

const ORIGIN = 'http://localhost';
const DOCTOR: OutboxMeta = { kind: 'patient', country: 'co', author: 'uid-medico-co', label: 'Ana Gómez' };

interface Seen {
  url: string;
  headers: Headers;
  credentials: RequestCredentials;
  body: string;
}

type Answer = Response | 'offline' | 'hang';

/**
 * A network that records what reaches it and answers from a script (then 201 with a counter). While `online` is false
 * every request fails as a browser's fetch does without connection, and the script waits.
 */
function fakeNetwork() {
  const seen: Seen[] = [];
  const script: Answer[] = [];
  let created = 0;
  const state = { online: true };
  const fetch = async (request: Request): Promise<Response> => {
    if (!state.online) throw new TypeError('Failed to fetch');
    const next = script.shift();
    if (next === 'offline') throw new TypeError('Failed to fetch');
    if (next === 'hang') {
      return new Promise((_resolve, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason as Error)),
      );
    }
    seen.push({
      url: request.url,
      headers: request.headers,
      credentials: request.credentials,
      body: await request.text(),
    });
    if (next) return next;
    created += 1;
    return Response.json({ id: created }, { status: 201 });
  };
  return {
    seen,
    script,
    fetch,
    set online(value: boolean) {
      state.online = value;
    },
  };
}

let databases = 0;
function setup(options: { store?: OutboxStore; now?: () => number } = {}) {
  const network = fakeNetwork();
  const notified: OutboxItem[][] = [];
  databases += 1;
  const outbox = new Outbox({
    store: options.store ?? idbOutboxStore(`outbox-test-${databases}`),
    fetch: network.fetch,
    notify: (items) => {
      notified.push(items);
    },
    liveTimeoutMs: 50,
    replayTimeoutMs: 50,
    ...(options.now ? { now: options.now } : {}),
  });
  return { outbox, network, notified };
}

function write(key: string, meta: OutboxMeta = DOCTOR, body: unknown = { first_name: 'Ana' }): Request {
  return new Request(`${ORIGIN}/api/patients`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: 'Bearer token-de-la-pagina',
      'x-country': meta.country,
      'idempotency-key': key,
      [OUTBOX_META_HEADER]: encodeURIComponent(JSON.stringify(meta)),
    },
    body: JSON.stringify(body),
  });
}

const states = async (outbox: Outbox) => (await outbox.list()).map((item) => [item.id, item.state]);

/** Writes made without connection (each kept by the worker), then the connection comes back. */
async function keptOffline(
  { outbox, network }: { outbox: Outbox; network: ReturnType<typeof fakeNetwork> },
  writes: Request[],
) {
  network.online = false;
  for (const request of writes) await outbox.handleWrite(request);
  // The replay a kept write starts finds no network either.
  await outbox.replay();
  network.online = true;
}

describe('service worker outbox', () => {
  it('sends a write at once when the network answers, keeping nothing', async () => {
    const { outbox, network } = setup();
    const response = await outbox.handleWrite(write('clave-0001'));
    expect(response.status).toBe(201);
    expect(network.seen).toHaveLength(1);
    expect(network.seen[0]?.headers.get('authorization')).toBe('Bearer token-de-la-pagina');
    expect(network.seen[0]?.headers.has(OUTBOX_META_HEADER)).toBe(false);
    expect(await outbox.list()).toEqual([]);
  });

  it('keeps a write the network cannot take, answers 202, and delivers it once on replay', async () => {
    const { outbox, network, notified } = setup();
    network.script.push('offline');
    const response = await outbox.handleWrite(write('clave-0002'));
    expect(response.status).toBe(202);
    expect(response.headers.get(OUTBOX_QUEUED_HEADER)).toBe('1');
    expect(await response.json()).toEqual({ queued: true, id: 'clave-0002' });
    const [item] = await outbox.list();
    expect(item).toMatchObject({ id: 'clave-0002', state: 'pending', label: 'Ana Gómez', path: '/api/patients' });
    expect(item?.error?.reason).toBe('offline');
    expect(notified.at(-1)?.map((listed) => listed.id)).toEqual(['clave-0002']);

    await outbox.replay();
    expect(network.seen).toHaveLength(1);
    const replayed = network.seen[0]!;
    // The session cookie authenticates the replay: no token is kept on the device nor given by the page.
    expect(replayed.headers.has('authorization')).toBe(false);
    expect(replayed.credentials).toBe('same-origin');
    expect(replayed.headers.get(EXPECTED_USER_HEADER)).toBe('uid-medico-co');
    expect(replayed.headers.get('idempotency-key')).toBe('clave-0002');
    expect(JSON.parse(replayed.body)).toEqual({ first_name: 'Ana' });
    const [delivered] = await outbox.list();
    expect(delivered).toMatchObject({ state: 'delivered', status: 201, response: { id: 1 } });

    // A second replay sends nothing more.
    await outbox.replay({ force: true });
    expect(network.seen).toHaveLength(1);
  });

  it('never keeps the bearer token on the device, and replays without one use the session cookie', async () => {
    const store = idbOutboxStore('outbox-test-secret');
    const { outbox, network } = setup({ store });
    network.script.push('offline');
    await outbox.handleWrite(write('clave-0003'));
    const [record] = (await store.all()) as OutboxEntry[];
    expect(JSON.stringify(record?.request.headers)).not.toContain('token-de-la-pagina');
    await outbox.replay();
    expect(network.seen[0]?.headers.has('authorization')).toBe(false);
  });

  it('keeps 500, 503 and timeouts queued with a backoff, then delivers once', async () => {
    let clock = 1_000_000;
    const { outbox, network } = setup({ now: () => clock });
    network.script.push('offline');
    await outbox.handleWrite(write('clave-0004'));
    network.script.push(new Response('{}', { status: 500 }));
    await outbox.replay();
    let [item] = await outbox.list();
    // The first attempt found no network: this is the second, and the server's first failure waits the base.
    expect(item).toMatchObject({ state: 'pending', status: 500, attempts: 2 });
    expect(item?.error?.reason).toBe('server');
    expect(item?.nextAttemptAt).toBe(clock + 5_000);

    // Before its backoff, an unforced replay leaves it; the 503's Retry-After then sets the wait.
    await outbox.replay();
    expect(network.seen).toHaveLength(1);
    clock += 5_000;
    network.script.push(new Response('{}', { status: 503, headers: { 'retry-after': '120' } }));
    await outbox.replay();
    [item] = await outbox.list();
    expect(item?.nextAttemptAt).toBe(clock + 120_000);

    network.script.push('hang');
    await outbox.replay({ force: true });
    [item] = await outbox.list();
    expect(item).toMatchObject({ state: 'pending', attempts: 4 });
    expect(item?.error?.reason).toBe('timeout');

    await outbox.replay({ force: true });
    [item] = await outbox.list();
    expect(item).toMatchObject({ state: 'delivered', attempts: 5 });
    expect(network.seen.filter((request) => request.headers.get('idempotency-key') === 'clave-0004')).toHaveLength(3);
  });

  it('grows the backoff with the server failures only: the attempts made without network do not count', async () => {
    let clock = 1_000_000;
    const context = setup({ now: () => clock });
    const { outbox, network } = context;
    await keptOffline(context, [write('clave-0040')]);
    network.online = false;
    await outbox.replay({ force: true });
    await outbox.replay({ force: true });
    network.online = true;
    network.script.push(new Response('{}', { status: 500 }));
    await outbox.replay({ force: true });
    let [item] = await outbox.list();
    expect(item).toMatchObject({ state: 'pending', status: 500, attempts: 5 });
    expect(item?.nextAttemptAt).toBe(clock + 5_000);

    // The network drops again, then the server fails a second time: the wait doubles once.
    clock += 5_000;
    network.script.push('offline', new Response('{}', { status: 502 }));
    await outbox.replay();
    await outbox.replay({ force: true });
    [item] = await outbox.list();
    expect(item).toMatchObject({ state: 'pending', status: 502, attempts: 7 });
    expect(item?.nextAttemptAt).toBe(clock + 10_000);

    // "Reintentar ahora" starts the count again.
    network.script.push(new Response('{}', { status: 500 }));
    await outbox.retry('clave-0040');
    [item] = await outbox.list();
    expect(item?.nextAttemptAt).toBe(clock + 5_000);
    expect(Object.keys(item ?? {})).not.toContain('serverFailures');
  });

  it("reports a 4xx with the server's message and goes on with the next writes", async () => {
    const context = setup();
    const { outbox, network } = context;
    await keptOffline(context, [write('clave-0005'), write('clave-0006')]);
    network.script.push(
      Response.json({ message: 'Ya existe un paciente con ese correo.', errors: [] }, { status: 409 }),
    );
    await outbox.replay();
    const items = await outbox.list();
    expect(items.map((item) => item.state)).toEqual(['rejected', 'delivered']);
    expect(items[0]?.error).toEqual({ reason: 'rejected', message: 'Ya existe un paciente con ese correo.' });
    expect(items[0]?.status).toBe(409);
  });

  it('at logout forgets the delivered writes and keeps the undelivered ones for their author', async () => {
    const context = setup();
    const { outbox, network } = context;
    await keptOffline(context, [write('clave-0101'), write('clave-0102')]);
    network.script.push(Response.json({ id: 1 }, { status: 201 }), 'offline');
    await outbox.replay();
    expect(await states(outbox)).toEqual([
      ['clave-0101', 'delivered'],
      ['clave-0102', 'pending'],
    ]);
    await outbox.forgetDelivered();
    expect(await states(outbox)).toEqual([['clave-0102', 'pending']]);
  });

  it("waits on a 401 for the author's session, holding only that author's writes", async () => {
    const context = setup();
    const { outbox, network } = context;
    const other: OutboxMeta = { ...DOCTOR, author: 'uid-profesional-co', label: 'Luis Díaz' };
    await keptOffline(context, [write('clave-0007'), write('clave-0008', other), write('clave-0009')]);
    network.script.push(Response.json({ message: 'Inicia sesión.' }, { status: 401 }));
    await outbox.replay();
    expect(await states(outbox)).toEqual([
      ['clave-0007', 'waiting-session'],
      ['clave-0008', 'delivered'],
      ['clave-0009', 'pending'],
    ]);
    // The author logs in again: the next replay (a login triggers one) goes out with their cookie.
    await outbox.replay();
    expect(await states(outbox)).toEqual([
      ['clave-0007', 'delivered'],
      ['clave-0008', 'delivered'],
      ['clave-0009', 'delivered'],
    ]);
  });

  it('sends a write that needs one still on the device only after it, even online', async () => {
    const context = setup();
    const { outbox, network } = context;
    await keptOffline(context, [write('paciente-0010')]);
    const prescription: OutboxMeta = { ...DOCTOR, kind: 'prescription', dependsOn: 'paciente-0010' };
    const second = await outbox.handleWrite(write('receta-00010', prescription));
    expect(second.status).toBe(202);
    await outbox.replay();
    expect(network.seen.map((request) => request.headers.get('idempotency-key'))).toEqual([
      'paciente-0010',
      'receta-00010',
    ]);
  });

  it('lets the other writes go while one waits its backoff, and stops the pass when the network is down', async () => {
    const context = setup();
    const { outbox, network } = context;
    await keptOffline(
      context,
      ['clave-0020', 'clave-0021', 'clave-0022'].map((key) => write(key)),
    );
    network.script.push(new Response('{}', { status: 500 }));
    await outbox.replay();
    expect(await states(outbox)).toEqual([
      ['clave-0020', 'pending'],
      ['clave-0021', 'delivered'],
      ['clave-0022', 'delivered'],
    ]);
    network.online = false;
    await outbox.replay({ force: true });
    network.online = true;
    // The network failed on the first: nothing else was tried in that pass.
    expect(network.seen).toHaveLength(3);
    const [first] = await outbox.list();
    expect(first?.error?.reason).toBe('offline');
  });

  it('stops the pass when the server asks to slow down', async () => {
    const context = setup();
    const { outbox, network } = context;
    await keptOffline(
      context,
      ['clave-0023', 'clave-0024'].map((key) => write(key)),
    );
    network.script.push(new Response('{}', { status: 429, headers: { 'retry-after': '30' } }));
    const { retryLater } = await outbox.replay();
    expect(retryLater).toBe(2);
    expect(await states(outbox)).toEqual([
      ['clave-0023', 'pending'],
      ['clave-0024', 'pending'],
    ]);
    expect(network.seen).toHaveLength(1);
  });

  it('answers a page that sends the same write again with the same 202, then with the delivered answer', async () => {
    const { outbox, network } = setup();
    network.script.push('offline');
    await outbox.handleWrite(write('clave-0012'));
    network.script.push('offline');
    const again = await outbox.handleWrite(write('clave-0012'));
    expect(again.status).toBe(202);
    await outbox.replay();
    expect((await outbox.list()).length).toBe(1);
    const afterDelivery = await outbox.handleWrite(write('clave-0012'));
    expect(afterDelivery.status).toBe(200);
    expect(await afterDelivery.json()).toEqual({ id: 1 });
    expect(network.seen).toHaveLength(1);
  });

  it('sends a refused write again when the page sends it again', async () => {
    const context = setup();
    const { outbox, network } = context;
    await keptOffline(context, [write('clave-0030')]);
    network.script.push(Response.json({ message: 'Servicio en mantenimiento.' }, { status: 400 }));
    await outbox.replay();
    expect(await states(outbox)).toEqual([['clave-0030', 'rejected']]);
    const again = await outbox.handleWrite(write('clave-0030'));
    expect(again.status).toBe(202);
    await outbox.replay();
    expect(await states(outbox)).toEqual([['clave-0030', 'delivered']]);
  });

  it('rejects a write whose dependency was refused, and one whose dependency was discarded', async () => {
    const context = setup();
    const { outbox, network } = context;
    const prescription = (key: string, dependsOn: string): OutboxMeta => ({
      ...DOCTOR,
      kind: 'prescription',
      label: `Prescripción ${key}`,
      dependsOn,
    });
    await keptOffline(context, [
      write('paciente-0001'),
      write('receta-00001', prescription('receta-00001', 'paciente-0001')),
      write('paciente-0002'),
      write('receta-00002', prescription('receta-00002', 'paciente-0002')),
    ]);
    network.script.push(Response.json({ message: 'Correo inválido.' }, { status: 422 }), 'offline');
    await outbox.replay();
    expect(await states(outbox)).toEqual([
      ['paciente-0001', 'rejected'],
      ['receta-00001', 'rejected'],
      ['paciente-0002', 'pending'],
      ['receta-00002', 'pending'],
    ]);
    expect((await outbox.list())[1]?.error?.reason).toBe('dependency');
    await outbox.discard('paciente-0002');
    const remaining = await outbox.list();
    expect(remaining.map((item) => [item.id, item.state, item.error?.reason])).toEqual([
      ['paciente-0001', 'rejected', 'rejected'],
      ['receta-00001', 'rejected', 'dependency'],
      ['receta-00002', 'rejected', 'dependency'],
    ]);
  });

  it('lists a corrupted record as rejected and keeps sending the others', async () => {
    const store = idbOutboxStore('outbox-test-corrupted');
    const { outbox, network } = setup({ store });
    network.script.push('offline');
    await outbox.handleWrite(write('clave-0013'));
    const [good] = (await store.all()) as OutboxEntry[];
    await store.put({ ...good!, id: 'clave-dañada', createdAt: 1, request: { headers: {} } as never });
    await outbox.replay();
    const items = await outbox.list();
    expect(items.map((item) => [item.id, item.state, item.error?.reason ?? null])).toEqual([
      ['clave-dañada', 'rejected', 'corrupted'],
      ['clave-0013', 'delivered', null],
    ]);
    await outbox.discard('clave-dañada');
    expect((await outbox.list()).map((item) => item.id)).toEqual(['clave-0013']);
  });

  it('answers 507 when the device has no room for the write, and keeps what it had', async () => {
    const inner = idbOutboxStore('outbox-test-quota');
    let full = false;
    const store: OutboxStore = {
      ...inner,
      put: async (entry) => {
        if (full) throw new DOMException('Quota exceeded', 'QuotaExceededError');
        await inner.put(entry);
      },
    };
    const { outbox, network } = setup({ store });
    network.script.push('offline');
    await outbox.handleWrite(write('clave-0014'));
    full = true;
    network.script.push('offline');
    const refused = await outbox.handleWrite(write('clave-0015'));
    expect(refused.status).toBe(507);
    expect(((await refused.json()) as { message: string }).message).toMatch(/No hay espacio en este dispositivo/);
    expect((await outbox.list()).map((item) => item.id)).toEqual(['clave-0014']);
  });

  it('sends again a write left "sending" by a worker that was stopped', async () => {
    const store = idbOutboxStore('outbox-test-stopped');
    const { outbox, network } = setup({ store });
    network.script.push('offline');
    await outbox.handleWrite(write('clave-0016'));
    const [entry] = (await store.all()) as OutboxEntry[];
    await store.put({ ...entry!, state: 'sending' });
    const restarted = new Outbox({ store, fetch: network.fetch });
    await restarted.replay();
    expect((await restarted.list())[0]?.state).toBe('delivered');
  });

  it('runs one replay at a time and loses no trigger that arrives meanwhile', async () => {
    const { outbox, network } = setup();
    network.script.push('offline', 'offline');
    await outbox.handleWrite(write('clave-0017'));
    await outbox.handleWrite(write('clave-0018', { ...DOCTOR, author: 'otro-autor' }));
    await Promise.all([outbox.replay(), outbox.replay(), outbox.replay({ force: true })]);
    expect(network.seen.map((request) => request.headers.get('idempotency-key')).sort()).toEqual([
      'clave-0017',
      'clave-0018',
    ]);
  });

  it('passes a write without outbox metadata straight to the network', async () => {
    const { outbox, network } = setup();
    const plain = new Request(`${ORIGIN}/api/patients`, { method: 'POST', body: '{}' });
    network.script.push('offline');
    await expect(outbox.handleWrite(plain)).rejects.toThrow(TypeError);
    expect(await outbox.list()).toEqual([]);
  });
});
