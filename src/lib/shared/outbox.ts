// The outbox: writes a professional makes without connection (patients, prescriptions, recommendations, templates,
// credential and signed-prescription uploads), kept by the service worker until the server takes them. Names and shapes shared
// by the page, the service worker and the server, so neither side can rename one alone.

import type { CountryCode } from './countries';
import { isRecord } from './records';

/**
 * Sent by the page on a write the service worker may keep: the URI-encoded JSON of `OutboxMeta`. The service worker
 * removes it before the request reaches the network.
 */
export const OUTBOX_META_HEADER = 'x-outbox';
/** On the service worker's 202 answer: the write was kept on the device, not delivered. */
export const OUTBOX_QUEUED_HEADER = 'x-outbox-queued';
/**
 * Sent by the service worker on a replay: the uid of the account that made the write. The server refuses (401) a
 * replay authenticated as another account, so a write never goes out under whoever logged in on the device since.
 */
export const EXPECTED_USER_HEADER = 'x-expected-user';

const OUTBOX_KINDS = [
  'patient',
  'prescription',
  'recommendation',
  'credential',
  'signed-prescription',
  'template',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export function isOutboxKind(value: unknown): value is OutboxKind {
  return (OUTBOX_KINDS as readonly unknown[]).includes(value);
}

/** What the page tells the service worker about a write it may keep. */
export interface OutboxMeta {
  kind: OutboxKind;
  country: CountryCode;
  /** The uid of the account that made it. */
  author: string;
  /** What it is, in the user's words: the patient's name, the file's name. */
  label: string;
  /** A second line: the patient's e-mail, the document's type. */
  detail?: string;
  /** The outbox id (Idempotency-Key) of a write this one needs first: a prescription for a patient still queued. */
  dependsOn?: string;
}

/**
 * - pending: waits for the connection (or for its turn after a failed attempt);
 * - sending: on its way (a worker stopped meanwhile leaves it so; it is sent again, the server answers once);
 * - waiting-session: no session of its author in its country on this device;
 * - rejected: the server refused it (its message says why); it stays until retried or discarded;
 * - delivered: the server took it; kept a while so the screen that made it can show the result.
 */
export const OUTBOX_STATES = ['pending', 'sending', 'waiting-session', 'rejected', 'delivered'] as const;
type OutboxState = (typeof OUTBOX_STATES)[number];

/**
 * Why an item is not delivered: offline (no network), timeout, server (408/429/5xx: tried again later), session (no
 * session of its author: 401), rejected (the server refused it, its message says why), corrupted (the stored record
 * cannot be read), dependency (the write it needed was refused or discarded).
 */
export const OUTBOX_ERROR_REASONS = [
  'offline',
  'timeout',
  'server',
  'session',
  'rejected',
  'corrupted',
  'dependency',
] as const;
type OutboxErrorReason = (typeof OUTBOX_ERROR_REASONS)[number];

export interface OutboxError {
  reason: OutboxErrorReason;
  /** The server's own message (Spanish), when it sent one. */
  message: string | null;
}

/** One write as the page sees it (never its body, which may hold files). */
export interface OutboxItem extends OutboxMeta {
  /** The write's Idempotency-Key. */
  id: string;
  method: string;
  path: string;
  createdAt: number;
  state: OutboxState;
  attempts: number;
  lastAttemptAt: number | null;
  /** Not sent again automatically before this moment (backoff, Retry-After). */
  nextAttemptAt: number | null;
  /** Why it is not delivered yet. */
  error: OutboxError | null;
  /** The HTTP status of the last answer, if there was one. */
  status: number | null;
  /** The server's answer once delivered (JSON). */
  response: unknown;
  deliveredAt: number | null;
}

/** The body of the service worker's 202. */
export interface QueuedAnswerDto {
  queued: true;
  /** The outbox id: the write's Idempotency-Key. */
  id: string;
}

export function isQueuedAnswer(value: unknown): value is QueuedAnswerDto {
  return isRecord(value) && value.queued === true && typeof value.id === 'string';
}

/** Messages between the page and the service worker about the outbox. */
export const OUTBOX_MESSAGES = {
  /** page → worker, answered on the message's port with `OutboxItem[]`. */
  list: 'OUTBOX_LIST',
  /** page → worker: send what is pending now (authenticated by each country's session cookie). */
  replay: 'OUTBOX_REPLAY',
  /** page → worker: send this item now, whatever its state. */
  retry: 'OUTBOX_RETRY',
  /** page → worker: forget this item; it is never sent. */
  discard: 'OUTBOX_DISCARD',
  /** page → worker, at logout: forget every delivered item (answers and labels name patients). */
  forgetDelivered: 'OUTBOX_FORGET_DELIVERED',
  /** worker → pages: the items changed (`items: OutboxItem[]`). */
  changed: 'OUTBOX_CHANGED',
} as const;

export interface OutboxRequestMessage {
  type: (typeof OUTBOX_MESSAGES)[keyof typeof OUTBOX_MESSAGES];
  id?: string;
  /** A replay that also sends what waits its backoff (the connection came back, the user asked). */
  force?: boolean;
}

/** The Background Sync tag of the outbox. */
export const OUTBOX_SYNC_TAG = 'outbox';

/** The writes the service worker may keep: method and path (after the API prefix). */
export const OUTBOX_ROUTES: readonly { method: 'POST'; path: string }[] = [
  { method: 'POST', path: '/api/patients' },
  { method: 'POST', path: '/api/prescriptions' },
  { method: 'POST', path: '/api/credentials' },
  { method: 'POST', path: '/api/prescription-templates' },
];

/**
 * The first attempt, made while the page waits, gives up after this long and keeps the write: below the page's own
 * timeouts (10 s for the authentication service, 15 s for the gateway) so the page gets the 202, not a timeout.
 */
export const OUTBOX_LIVE_TIMEOUT_MS = 8_000;
/** A replay waits this long for an answer, plus the body's transfer time at `OUTBOX_MIN_THROUGHPUT_BYTES_PER_S`. */
export const OUTBOX_REPLAY_TIMEOUT_MS = 10_000;
/** A poor clinic connection (256 kbit/s): a 10 MB upload gets about five and a half minutes. */
export const OUTBOX_MIN_THROUGHPUT_BYTES_PER_S = 32 * 1024;
/** Backoff after a failed attempt: 5 s, doubled each attempt, at most 5 minutes. */
export const OUTBOX_BACKOFF_BASE_MS = 5_000;
export const OUTBOX_BACKOFF_MAX_MS = 5 * 60_000;
/** Delivered items stay listed this long (the screen that made them shows the result), then are forgotten. */
export const OUTBOX_DELIVERED_KEEP_MS = 24 * 60 * 60 * 1000;
/** While a page is open and something waits, it asks the worker to try again this often. */
export const OUTBOX_PAGE_REPLAY_INTERVAL_MS = 30_000;
/**
 * After the connection comes back the page asks again this long after it (ms), while something waits: 'online' says
 * an interface is up, not that the server answers yet, and a first try that failed then waited for the next
 * 30-second ask (a clean-clone run delivered an offline upload 30 s after the connection came back).
 */
export const OUTBOX_ONLINE_FOLLOW_UPS_MS = [2_000, 5_000, 10_000] as const;
/** A write's backoff ending while a page is open: the page asks for the replay then (not sooner than this). */
export const OUTBOX_PAGE_MIN_DELAY_MS = 1_000;

/** Statuses after which a write is kept and sent again later: the server or the way to it failed, not the write. */
export function isRetryableStatus(status: number, retryAfter: string | null): boolean {
  return status === 408 || status === 429 || status >= 500 || (status === 409 && retryAfter !== null);
}
