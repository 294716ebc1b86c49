import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does to one request that matches a rule:
 * - fail-before: answers 500 without the server seeing it;
 * - fail-after: the server handles it, then its answer is replaced by a 500 (an answer lost on the way back);
 * - drop-after: the server handles it, then the connection is cut without an answer;
 * - hang-after: the server handles it, then no answer ever comes (the client's own timeout ends it).
 */
export type Fault = 'fail-before' | 'fail-after' | 'drop-after' | 'hang-after';

/** How long the proxy keeps an idle client connection open (ms): longer than any pause of a test. */
const IDLE_CONNECTION_MS = 120_000;

interface Rule {
  method: string;
  path: string;
  /** One per matching request, in order; null lets that request through untouched. */
  faults: (Fault | null)[];
}

export interface ProxyLog {
  method: string;
  path: string;
  fault: Fault | null;
  idempotencyKey: string | null;
}

/**
 * A real HTTP proxy in front of the real server, for the end-to-end tests of the offline outbox: the browser talks to
 * it as to the app (same paths, everything forwarded byte for byte), and it injects faults into the requests a test
 * names, in order. The service worker's own requests go through it like the page's, which Playwright's routing does
 * not intercept.
 */
export class FaultProxy {
  private server: Server | undefined;
  private readonly rules: Rule[] = [];
  readonly log: ProxyLog[] = [];
  private readonly hanging = new Set<ServerResponse>();
  /** The port the proxy listened on while it is down. */
  private downPort: number | undefined;

  constructor(private readonly target: string) {}

  get url(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('El proxy no está escuchando');
    return `http://localhost:${address.port}`;
  }

  async start(): Promise<void> {
    this.server = this.create();
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
  }

  /**
   * Idle connections stay open longer than a test's pauses: closed after Node's default 5 s, a connection the test's
   * request client was reusing at that moment would fail with a reset the test did not ask for.
   */
  private create(): Server {
    const server = createServer((incoming, outgoing) => void this.handle(incoming, outgoing));
    server.keepAliveTimeout = IDLE_CONNECTION_MS;
    return server;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    for (const response of this.hanging) response.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /**
   * The server goes away as when it is stopped: connections are refused, the service worker's too (Playwright's
   * offline emulation may miss a service worker that the browser started before Playwright attached to it).
   */
  async down(): Promise<void> {
    const port = new URL(this.url).port;
    this.downPort = Number(port);
    await this.stop();
    this.server = undefined;
  }

  /** Back on the same address, so the pages and the service worker find it where they left it. */
  async up(): Promise<void> {
    if (this.downPort === undefined) return;
    const port = this.downPort;
    this.server = this.create();
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.downPort = undefined;
  }

  /** The next requests `method path` get these faults, one each, in order (null: untouched); later ones pass. */
  inject(method: string, path: string, faults: (Fault | null)[]): void {
    this.rules.push({ method, path, faults: [...faults] });
  }

  /** Requests that reached the proxy for `method path`. */
  requests(method: string, path: string): ProxyLog[] {
    return this.log.filter((entry) => entry.method === method && entry.path === path);
  }

  private takeFault(method: string, path: string): Fault | null {
    const rule = this.rules.find((candidate) => candidate.method === method && candidate.path === path);
    return rule?.faults.shift() ?? null;
  }

  private async handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const method = incoming.method ?? 'GET';
    const path = (incoming.url ?? '/').split('?')[0] ?? '/';
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const fault = this.takeFault(method, path);
    const key = incoming.headers['idempotency-key'];
    this.log.push({ method, path, fault, idempotencyKey: typeof key === 'string' ? key : null });

    if (fault === 'fail-before') {
      outgoing.writeHead(500, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ message: 'Falla inyectada antes del servidor.' }));
      return;
    }
    const target = new URL(incoming.url ?? '/', this.target);
    // A connection of its own per request: reusing one the server was closing as idle (Node's 5 s keep-alive, before
    // the server kept its connections 65 s) reset a forwarded request that the test had not asked to fail (a
    // clean-clone run's patient-offline test). A fresh connection is never in that race, whatever the server's timeout.
    const upstream = forward(
      target,
      { method, headers: { ...incoming.headers, host: target.host }, agent: false },
      (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => body.push(chunk));
        answer.on('end', () => {
          if (fault === 'fail-after') {
            outgoing.writeHead(500, { 'content-type': 'application/json' });
            outgoing.end(JSON.stringify({ message: 'Falla inyectada después del servidor.' }));
          } else if (fault === 'drop-after') {
            outgoing.socket?.destroy();
          } else if (fault === 'hang-after') {
            this.hanging.add(outgoing);
            outgoing.on('close', () => this.hanging.delete(outgoing));
          } else {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            outgoing.end(Buffer.concat(body));
          }
        });
      },
    );
    upstream.on('error', () => outgoing.socket?.destroy());
    upstream.end(Buffer.concat(chunks));
  }
}
