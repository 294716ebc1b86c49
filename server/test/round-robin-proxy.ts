import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream';

export interface RoundRobinProxy {
  url: string;
  /** How many answers each instance gave through the proxy, by its index in `ports()`. */
  served: number[];
  close: () => Promise<void>;
}

/**
 * A load balancer in a few lines, on 127.0.0.1: each request goes to the next instance in turn, whatever its state,
 * as a balancer between two health checks does; it appends the client's address to X-Forwarded-For and names the
 * instance that answered in `x-instancia`. An instance that refuses or drops the connection gets a 502. `ports` is
 * read per request, so a restarted instance on a new port is followed.
 */
export async function roundRobinProxy(ports: () => readonly number[]): Promise<RoundRobinProxy> {
  let turn = 0;
  const served: number[] = [];
  const server = createServer((incoming, outgoing) => {
    const targets = ports();
    const index = turn % targets.length;
    turn += 1;
    const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: targets[index],
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        served[index] = (served[index] ?? 0) + 1;
        // The client went away (a timeout, the end of a load run) before the instance answered: nothing to pass on.
        if (outgoing.destroyed) {
          answer.destroy();
          return;
        }
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-instancia': String(index) });
        // An instance that dies halfway through its answer must cut the client's too, as a balancer does: with a bare
        // pipe the client kept waiting for the rest of a body that would never come.
        pipeline(answer, outgoing, () => undefined);
      },
    );
    upstream.on('error', () => {
      if (outgoing.headersSent) {
        outgoing.destroy();
        return;
      }
      outgoing.writeHead(502, { 'content-type': 'application/json', 'x-instancia': String(index) });
      outgoing.end(JSON.stringify({ message: 'La instancia no respondió.' }));
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
