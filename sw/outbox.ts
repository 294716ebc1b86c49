import { StorableRequest } from 'workbox-background-sync/StorableRequest.js';
import { isCountryCode, resolveCountry } from '../src/lib/shared/countries';
import {
  EXPECTED_USER_HEADER,
  isRetryableStatus,
  OUTBOX_BACKOFF_BASE_MS,
  OUTBOX_BACKOFF_MAX_MS,
  OUTBOX_DELIVERED_KEEP_MS,
  isOutboxKind,
  OUTBOX_LIVE_TIMEOUT_MS,
  OUTBOX_META_HEADER,
  OUTBOX_MIN_THROUGHPUT_BYTES_PER_S,
  OUTBOX_QUEUED_HEADER,
  OUTBOX_REPLAY_TIMEOUT_MS,
  OUTBOX_STATES,
  type OutboxError,
  type OutboxItem,
  type OutboxMeta,
  type QueuedAnswerDto,
} from '../src/lib/shared/outbox';
import { parseRetryAfter } from '../src/lib/shared/retry-after';
import type { OutboxEntry, OutboxStore } from './outbox-store';
import { isRecord } from '../src/lib/shared/records';

const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Never kept on the device: a replay authenticates with the session cookie of its country at that moment. */
const SECRET_HEADERS = ['authorization', 'cookie'];
/** What the pending-uploads centre shows of an item: a name, not a document. */
const LABEL_MAX_LENGTH = 200;
const STORAGE_FULL_MESSAGE =
  'No hay espacio en este dispositivo para guardar el envío hasta que vuelva la conexión. Libera espacio o conéctate e intenta de nuevo.';

interface OutboxDependencies {
  store: OutboxStore;
  fetch: (request: Request) => Promise<Response>;
  now?: () => number;
  /** Called after every change, with every item (the pages redraw their counters and lists). */
  notify?: (items: OutboxItem[]) => void | Promise<void>;
  /** Asks the browser for a `sync` event once the connection is back (Background Sync), where it can. */
  requestSync?: () => Promise<void>;
  /** Runs `work` alone across the service workers of the origin (an old one may still be running). */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
  liveTimeoutMs?: number;
  replayTimeoutMs?: number;
}

interface ReplayOptions {
  /** Send even what waits for its backoff (the connection came back, the user asked). */
  force?: boolean;
}

interface ReplayResult {
  /** Items that failed for a reason that may pass (connection, server): the browser should try again later. */
  retryLater: number;
}

/**
 * - failed: this write failed (500, a timeout): it waits its backoff while the others go on;
 * - stop: the network is down or the server asks to slow down (429/503): nothing more is sent in this pass;
 * - session: no session of its author: the author's other writes wait too.
 */
type SendOutcome = 'delivered' | 'rejected' | 'failed' | 'stop' | 'session';

/** Statuses that ask every client to slow down, not just this write to wait. */
const THROTTLE_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** A session is per author and country: what a 401 holds back. */
function authorIn(item: Pick<OutboxItem, 'country' | 'author'>): string {
  return `${item.country}:${item.author}`;
}

function parseMeta(header: string | null): OutboxMeta | null {
  if (!header) return null;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(header));
    if (!isRecord(value)) return null;
    const { kind, country, author, label, detail, dependsOn } = value;
    if (!isOutboxKind(kind)) return null;
    if (!isCountryCode(country)) return null;
    if (typeof author !== 'string' || author === '' || typeof label !== 'string') return null;
    if (dependsOn !== undefined && typeof dependsOn !== 'string') return null;
    if (detail !== undefined && typeof detail !== 'string') return null;
    return {
      kind,
      country,
      author,
      label: label.slice(0, LABEL_MAX_LENGTH),
      ...(detail ? { detail: detail.slice(0, LABEL_MAX_LENGTH) } : {}),
      ...(dependsOn ? { dependsOn } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * A stored record, checked: a record written by another version, cut short by a full disk or edited by hand must not
 * stop the queue. Anything unreadable comes back as `corrupted` (shown to the user, who may discard it).
 */
function readEntry(record: unknown): { entry: OutboxEntry } | { corrupted: string } | null {
  if (!isRecord(record) || typeof record.id !== 'string') return null;
  const request = record.request;
  const valid =
    (OUTBOX_STATES as readonly unknown[]).includes(record.state) &&
    isOutboxKind(record.kind) &&
    isCountryCode(record.country) &&
    typeof record.author === 'string' &&
    typeof record.createdAt === 'number' &&
    (record.serverFailures === undefined || typeof record.serverFailures === 'number') &&
    isRecord(request) &&
    typeof request.url === 'string' &&
    typeof request.method === 'string' &&
    isRecord(request.headers) &&
    (request.body === undefined || isArrayBuffer(request.body));
  return valid ? { entry: record as unknown as OutboxEntry } : { corrupted: record.id };
}

/** Realm-independent: a buffer read back from IndexedDB may come from another global's constructor. */
function isArrayBuffer(value: unknown): boolean {
  return Object.prototype.toString.call(value) === '[object ArrayBuffer]';
}

/** The wait after the server failed `failures` times in a row: the base, doubling, up to the maximum. */
function backoffMs(failures: number): number {
  return Math.min(OUTBOX_BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1), OUTBOX_BACKOFF_MAX_MS);
}

/** The server's Spanish message (`{ message, errors }`), or null when it sent none. */
async function serverMessage(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.clone().json();
    if (!isRecord(body)) return null;
    if (Array.isArray(body.errors) && body.errors.length > 0) {
      return body.errors.filter((item): item is string => typeof item === 'string').join('\n') || null;
    }
    return typeof body.message === 'string' && body.message.trim() ? body.message : null;
  } catch {
    return null;
  }
}

async function responseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

function publicItem(entry: OutboxEntry): OutboxItem {
  const { request: _request, serverFailures: _serverFailures, ...item } = entry;
  return item;
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);
}

/**
 * The service worker's outbox (DESIGN §4). A write it may keep goes to the network at once; when the network fails,
 * times out or the server answers 408/429/5xx, it is stored and the page gets a 202 'queued'. Replays send what is
 * stored, oldest first: a write that fails (500, timeout) waits its own backoff while the others go on; a network
 * failure or a server asking to slow down (429/503) ends the pass; a 401 holds the writes of that author until their
 * session is back; any other 4xx is reported with the server's message and never sent again on its own. A write that
 * needs another (a prescription for a patient created offline) goes only after it. Every write carries its
 * Idempotency-Key: the server answers a replay of something it already did with the first answer, so delivering at
 * least once takes effect exactly once.
 */
export class Outbox {
  private readonly store: OutboxStore;
  private readonly fetch: (request: Request) => Promise<Response>;
  private readonly now: () => number;
  private readonly notifyPages: (items: OutboxItem[]) => void | Promise<void>;
  private readonly requestSync: () => Promise<void>;
  private readonly exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  private readonly liveTimeoutMs: number;
  private readonly replayTimeoutMs: number;
  private running: Promise<ReplayResult> | null = null;
  private rerun: ReplayOptions | null = null;
  private lastCreatedAt = 0;

  constructor(dependencies: OutboxDependencies) {
    this.store = dependencies.store;
    this.fetch = dependencies.fetch;
    this.now = dependencies.now ?? Date.now;
    this.notifyPages = dependencies.notify ?? (() => undefined);
    this.requestSync = dependencies.requestSync ?? (() => Promise.resolve());
    this.exclusive = dependencies.exclusive ?? ((work) => work());
    this.liveTimeoutMs = dependencies.liveTimeoutMs ?? OUTBOX_LIVE_TIMEOUT_MS;
    this.replayTimeoutMs = dependencies.replayTimeoutMs ?? OUTBOX_REPLAY_TIMEOUT_MS;
  }

  /** Every item, oldest first (corrupted records included, as rejected items). */
  async list(): Promise<OutboxItem[]> {
    return (await this.entries()).map(publicItem);
  }

  /**
   * A write from the page. Sent at once, unless it needs a write still kept (it goes behind it); kept when it cannot
   * be delivered now. A page sending again a write already kept gets the same 202 (or, once delivered, the server's
   * answer).
   */
  async handleWrite(request: Request): Promise<Response> {
    const meta = parseMeta(request.headers.get(OUTBOX_META_HEADER));
    const id = request.headers.get(IDEMPOTENCY_KEY_HEADER)?.trim();
    if (!meta || !id) {
      return this.fetch(new Request(request, { headers: withoutHeaders(request.headers, [OUTBOX_META_HEADER]) }));
    }

    const known = await this.findEntry(id);
    if (known?.state === 'delivered') return jsonResponse(200, known.response);
    if (known) {
      // The page sends again what is already kept: a refused one is sent again, as "Reintentar ahora" would.
      void (known.state === 'rejected' ? this.retry(known.id) : this.replay({}));
      return this.queuedAnswer(known.id);
    }

    // The body is read once, into what is kept; the first attempt is made from that copy with the session cookie.
    const stored = (
      await StorableRequest.fromRequest(
        new Request(request, { headers: withoutHeaders(request.headers, [OUTBOX_META_HEADER, ...SECRET_HEADERS]) }),
      )
    ).toObject();
    // A write that needs another one still on the device (a prescription for a patient created offline) waits for
    // it; any other write goes to the network at once.
    const needed = meta.dependsOn ? await this.findEntry(meta.dependsOn) : undefined;
    const waiting = needed !== undefined && needed.state !== 'delivered';
    let error: OutboxError = { reason: 'offline', message: null };
    let status: number | null = null;
    let nextAttemptAt: number | null = null;
    let serverFailures = 0;
    if (!waiting) {
      const live = new StorableRequest(stored).toRequest();
      const authorization = request.headers.get('authorization');
      if (authorization) live.headers.set('authorization', authorization);
      try {
        const response = await this.fetchWithin(live, this.liveTimeoutMs);
        if (!isRetryableStatus(response.status, response.headers.get('retry-after'))) return response;
        error = { reason: 'server', message: await serverMessage(response) };
        status = response.status;
        serverFailures = 1;
        nextAttemptAt = this.now() + backoffMs(serverFailures);
      } catch (failure) {
        const timedOut = isTimeout(failure);
        error = { reason: timedOut ? 'timeout' : 'offline', message: null };
        if (timedOut) {
          serverFailures = 1;
          nextAttemptAt = this.now() + backoffMs(serverFailures);
        }
      }
    }

    const entry: OutboxEntry = {
      ...meta,
      id,
      method: request.method,
      path: new URL(request.url).pathname,
      createdAt: this.nextCreatedAt(),
      state: 'pending',
      attempts: waiting ? 0 : 1,
      lastAttemptAt: waiting ? null : this.now(),
      nextAttemptAt,
      error: waiting ? null : error,
      status,
      response: null,
      deliveredAt: null,
      request: stored,
      serverFailures,
    };
    try {
      await this.store.put(entry);
    } catch (failure) {
      if (isQuotaError(failure)) return jsonResponse(507, { message: STORAGE_FULL_MESSAGE });
      throw failure;
    }
    await this.changed();
    await this.requestSync().catch(() => undefined);
    if (waiting) void this.replay({});
    return this.queuedAnswer(id);
  }

  /**
   * Sends what waits, oldest first. One replay at a time: a call made meanwhile runs once more right after, so no
   * trigger (a sync event, the connection coming back, a tap on "Reintentar") is lost.
   */
  replay(options: ReplayOptions = {}): Promise<ReplayResult> {
    if (this.running) {
      this.rerun = mergeOptions(this.rerun, options);
      return this.running;
    }
    const run = async (): Promise<ReplayResult> => {
      let result = await this.exclusive(() => this.replayOnce(options));
      while (this.rerun) {
        const next: ReplayOptions = this.rerun;
        this.rerun = null;
        result = await this.exclusive(() => this.replayOnce(next));
      }
      return result;
    };
    this.running = run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** "Reintentar ahora": this item goes again at once, rejected or not. */
  async retry(id: string): Promise<ReplayResult> {
    const entry = await this.findEntry(id);
    if (entry && entry.state !== 'delivered') {
      // The user's word starts the count again: the next server error waits the base, not the doubled wait.
      await this.store.put({ ...entry, state: 'pending', nextAttemptAt: null, error: null, serverFailures: 0 });
      await this.changed();
    }
    return this.replay({ force: true });
  }

  /**
   * A logout: the delivered writes (the server's answers, the patients' names) leave the device; the undelivered ones
   * stay, as they are work not yet saved anywhere else, and go when their author logs in again.
   */
  async forgetDelivered(): Promise<void> {
    const delivered = (await this.entries()).filter((entry) => entry.state === 'delivered');
    for (const entry of delivered) await this.store.delete(entry.id);
    if (delivered.length > 0) await this.changed();
  }

  /** "Descartar": forgets the item; writes that needed it are told why they cannot go either. */
  async discard(id: string): Promise<void> {
    await this.store.delete(id);
    for (const entry of await this.entries()) {
      if (entry.dependsOn === id && entry.state !== 'delivered') {
        await this.store.put({ ...entry, state: 'rejected', error: { reason: 'dependency', message: null } });
      }
    }
    await this.changed();
  }

  private async replayOnce({ force = false }: ReplayOptions): Promise<ReplayResult> {
    const waitingAuthors = new Set<string>();
    let stopped = false;
    let retryLater = 0;
    for (const listed of await this.entries()) {
      // Read again: the page may have discarded or retried it while earlier items were on their way.
      const entry = await this.findEntry(listed.id);
      if (!entry || entry.state === 'delivered' || entry.state === 'rejected') continue;
      if (stopped) {
        retryLater += 1;
        continue;
      }
      if (waitingAuthors.has(authorIn(entry))) continue;
      if (entry.dependsOn) {
        const needed = await this.findEntry(entry.dependsOn);
        if (needed?.state === 'rejected') {
          await this.update(entry, { state: 'rejected', error: { reason: 'dependency', message: null } });
          continue;
        }
        // What it needs has not reached the server: it goes after it, in this pass or a later one.
        if (needed && needed.state !== 'delivered') {
          retryLater += 1;
          continue;
        }
      }
      if (!force && entry.nextAttemptAt !== null && entry.nextAttemptAt > this.now()) {
        retryLater += 1;
        continue;
      }
      const outcome = await this.send(entry);
      if (outcome === 'session') waitingAuthors.add(authorIn(entry));
      if (outcome === 'stop') stopped = true;
      if (outcome === 'failed' || outcome === 'stop') retryLater += 1;
    }
    return { retryLater };
  }

  private async send(entry: OutboxEntry): Promise<SendOutcome> {
    let request: Request;
    try {
      request = this.replayRequest(entry);
    } catch {
      await this.update(entry, { state: 'rejected', error: { reason: 'corrupted', message: null } });
      return 'rejected';
    }
    const attempts = entry.attempts + 1;
    const sending = await this.update(entry, { state: 'sending', attempts, lastAttemptAt: this.now() });
    const bodyBytes = entry.request.body?.byteLength ?? 0;
    const timeoutMs = this.replayTimeoutMs + (bodyBytes / OUTBOX_MIN_THROUGHPUT_BYTES_PER_S) * 1000;
    let response: Response;
    try {
      response = await this.fetchWithin(request, timeoutMs);
    } catch (failure) {
      // Unreachable: the connection coming back (a sync event, the page's 'online') is the signal to try again, not
      // a timer. A timeout is a server too slow for now: it waits its backoff.
      const timedOut = isTimeout(failure);
      const serverFailures = (entry.serverFailures ?? 0) + 1;
      await this.update(sending, {
        state: 'pending',
        nextAttemptAt: timedOut ? this.now() + backoffMs(serverFailures) : null,
        error: { reason: timedOut ? 'timeout' : 'offline', message: null },
        status: null,
        ...(timedOut ? { serverFailures } : {}),
      });
      return timedOut ? 'failed' : 'stop';
    }
    const { status } = response;
    if (status >= 200 && status < 300) {
      await this.update(sending, {
        state: 'delivered',
        deliveredAt: this.now(),
        response: await responseBody(response),
        error: null,
        status,
        nextAttemptAt: null,
      });
      return 'delivered';
    }
    const message = await serverMessage(response);
    if (status === 401) {
      await this.update(sending, { state: 'waiting-session', error: { reason: 'session', message }, status });
      return 'session';
    }
    const retryAfter = response.headers.get('retry-after');
    if (isRetryableStatus(status, retryAfter)) {
      const serverFailures = (entry.serverFailures ?? 0) + 1;
      const wait = Math.max(backoffMs(serverFailures), parseRetryAfter(retryAfter, this.now()) ?? 0);
      await this.update(sending, {
        state: 'pending',
        nextAttemptAt: this.now() + wait,
        error: { reason: 'server', message },
        status,
        serverFailures,
      });
      return THROTTLE_STATUSES.has(status) ? 'stop' : 'failed';
    }
    await this.update(sending, { state: 'rejected', error: { reason: 'rejected', message }, status });
    return 'rejected';
  }

  private replayRequest(entry: OutboxEntry): Request {
    const stored = new StorableRequest(entry.request).toRequest();
    const headers = withoutHeaders(stored.headers, SECRET_HEADERS);
    headers.set(EXPECTED_USER_HEADER, entry.author);
    // The session cookie of the request's country (x-country) authenticates: the page holds no token to give.
    return new Request(stored, { headers, credentials: 'same-origin' });
  }

  private async fetchWithin(request: Request, timeoutMs: number): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs);
    try {
      return await this.fetch(new Request(request, { signal: controller.signal }));
    } finally {
      clearTimeout(timer);
    }
  }

  private queuedAnswer(id: string): Response {
    const body: QueuedAnswerDto = { queued: true, id };
    return jsonResponse(202, body, { [OUTBOX_QUEUED_HEADER]: '1' });
  }

  private async update(entry: OutboxEntry, changes: Partial<OutboxEntry>): Promise<OutboxEntry> {
    const next = { ...entry, ...changes };
    await this.store.put(next);
    await this.changed();
    return next;
  }

  private async findEntry(id: string): Promise<OutboxEntry | undefined> {
    const read = readEntry(await this.store.get(id));
    return read && 'entry' in read ? read.entry : undefined;
  }

  /**
   * Every entry, oldest first. Corrupted records become rejected items (kept, so the user learns what was lost);
   * delivered ones older than `OUTBOX_DELIVERED_KEEP_MS` are forgotten.
   */
  private async entries(): Promise<OutboxEntry[]> {
    const entries: OutboxEntry[] = [];
    for (const record of await this.store.all()) {
      const read = readEntry(record);
      if (read === null) continue;
      if ('corrupted' in read) {
        entries.push(corruptedEntry(read.corrupted, record, this.now()));
        continue;
      }
      const { entry } = read;
      if (entry.state === 'delivered' && (entry.deliveredAt ?? 0) + OUTBOX_DELIVERED_KEEP_MS < this.now()) {
        await this.store.delete(entry.id);
        continue;
      }
      entries.push(entry);
    }
    return entries.sort((a, b) => a.createdAt - b.createdAt);
  }

  private nextCreatedAt(): number {
    // Strictly increasing, so two writes made in the same millisecond keep their order.
    this.lastCreatedAt = Math.max(this.now(), this.lastCreatedAt + 0.001);
    return this.lastCreatedAt;
  }

  private async changed(): Promise<void> {
    await this.notifyPages(await this.list());
  }
}

function corruptedEntry(id: string, record: unknown, now: number): OutboxEntry {
  const source = record as Partial<OutboxEntry>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    id,
    kind: isOutboxKind(source.kind) ? source.kind : 'patient',
    country: resolveCountry(source.country),
    author: text(source.author),
    label: text(source.label),
    method: text(source.method) || 'POST',
    path: text(source.path),
    createdAt: typeof source.createdAt === 'number' ? source.createdAt : now,
    state: 'rejected',
    attempts: typeof source.attempts === 'number' ? source.attempts : 0,
    lastAttemptAt: null,
    nextAttemptAt: null,
    error: { reason: 'corrupted', message: null },
    status: null,
    response: null,
    deliveredAt: null,
    request: { url: '', headers: {} },
  };
}

function withoutHeaders(source: Headers, names: readonly string[]): Headers {
  const headers = new Headers(source);
  for (const name of names) headers.delete(name);
  return headers;
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'TimeoutError';
}

function mergeOptions(previous: ReplayOptions | null, next: ReplayOptions): ReplayOptions {
  return { force: Boolean(previous?.force) || Boolean(next.force) };
}
