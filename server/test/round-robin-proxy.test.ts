import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { roundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';

/** How long the client waits for a body before the test calls it a hang (ms); the cut must come well before. */
const HANG_MS = 3000;
/** An answer that comes after the client gave up (ms). */
const SLOW_ANSWER_MS = 300;
const CLIENT_PATIENCE_MS = 50;

describe('the test suite’s round-robin proxy', () => {
  let upstream: Server | undefined;
  let proxy: RoundRobinProxy | undefined;

  afterEach(async () => {
    await proxy?.close();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('cuts the client’s answer when the instance dies halfway through its body, instead of leaving it waiting', async () => {
    // An instance that sends its headers and part of a body, then dies as a killed process does.
    upstream = createServer((_request, response) => {
      response.writeHead(201, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"id":');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    await new Promise<void>((resolve) => upstream!.listen(0, '127.0.0.1', resolve));
    const port = (upstream.address() as AddressInfo).port;
    proxy = await roundRobinProxy(() => [port]);

    const answer = await fetch(`${proxy.url}/api/prescriptions`, { signal: AbortSignal.timeout(HANG_MS) });
    expect(answer.status).toBe(201);
    const body = await answer.text().then(
      () => 'read',
      (error: unknown) => (error instanceof Error ? error.name : 'unknown'),
    );
    // The connection is cut (a TypeError from fetch), not timed out by the client.
    expect(body).toBe('TypeError');
  });

  it('stays up when a client leaves before the instance answers, and serves the next one', async () => {
    // An instance slower than the client's patience, as under a load run's end or a timed-out replay.
    upstream = createServer((_request, response) => {
      setTimeout(() => response.end('{"ok":true}'), SLOW_ANSWER_MS);
    });
    await new Promise<void>((resolve) => upstream!.listen(0, '127.0.0.1', resolve));
    const port = (upstream.address() as AddressInfo).port;
    proxy = await roundRobinProxy(() => [port]);

    const impatient = await fetch(`${proxy.url}/api/orders`, { signal: AbortSignal.timeout(CLIENT_PATIENCE_MS) }).then(
      () => 'answered',
      (error: unknown) => (error instanceof Error ? error.name : 'unknown'),
    );
    expect(impatient).toBe('TimeoutError');
    // The instance answers the request nobody waits for any more; the proxy must not fall over passing it on.
    await new Promise((resolve) => setTimeout(resolve, SLOW_ANSWER_MS));
    const next = await fetch(`${proxy.url}/api/orders`);
    expect(await next.json()).toEqual({ ok: true });
  });
});
