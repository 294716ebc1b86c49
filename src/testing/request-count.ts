import { server } from './msw-server';

/** Counts the requests whose path ends with `pathEnd` (GETs unless told), from now until `stop`. */
export function countRequests(pathEnd: string, method = 'GET'): { count: () => number; stop: () => void } {
  let count = 0;
  const listener = ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname.endsWith(pathEnd) && request.method === method) count += 1;
  };
  server.events.on('request:start', listener);
  return { count: () => count, stop: () => server.events.removeListener('request:start', listener) };
}
