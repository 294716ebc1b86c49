import { Agent, request, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database';
import type { App } from '../src/http/app';
import { shutDown } from '../src/lifecycle/shutdown';
import { listen } from '../src/startup';
import { silentLogger } from './helpers';

/** Well under the server's idle keep-alive (65 s): a kept connection would hold the shutdown past it. */
const SHUTDOWN_DEADLINE_MS = 5_000;

describe('graceful shutdown with kept-alive connections', () => {
  it('closes a connection whose answer was still being sent when the shutdown began, once the answer ends', async () => {
    let finishBody!: () => void;
    const bodyEnds = new Promise<void>((resolve) => (finishBody = resolve));
    let headersSent!: () => void;
    const answering = new Promise<void>((resolve) => (headersSent = resolve));
    const { server, port } = await listen(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(new TextEncoder().encode('primera parte; '));
              headersSent();
              await bodyEnds;
              controller.enqueue(new TextEncoder().encode('fin'));
              controller.close();
            },
          }),
        ),
      { port: 0, hostname: '127.0.0.1' },
    );
    const agent = new Agent({ keepAlive: true });
    const body = new Promise<string>((resolve, reject) => {
      const outgoing = request({ host: '127.0.0.1', port, path: '/', agent }, (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () => resolve(text));
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
    try {
      await answering;
      const shutting = shutDown({
        server: server as Server,
        app: { drain: () => undefined } as unknown as App,
        database: { close: async () => undefined } as unknown as DatabaseHandle,
        logger: silentLogger,
        timeoutMs: SHUTDOWN_DEADLINE_MS,
      });
      finishBody();
      expect(await body).toBe('primera parte; fin');
      expect(await shutting).toBe(true);
    } finally {
      agent.destroy();
      server.close();
    }
  });
});
