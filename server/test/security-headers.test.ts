import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_SOURCES_FILE } from '../../src/lib/shared/csp-sources';
import type { App } from '../src/http/app';
import { isCompleteAnswer } from '../src/http/answer-headers';
import {
  HEADERS_TOO_LARGE_MESSAGE,
  KEEP_ALIVE_TIMEOUT_MS,
  MAX_URL_BYTES,
  URL_TOO_LONG_MESSAGE,
} from '../src/http/request-limits';
import { listen } from '../src/startup';
import { jsonRequest, loginAs } from './helpers';
import { createdOrder, orderBody, ordersWorldForFile } from './orders-fixtures';

const INLINE_SCRIPT = "\n      document.documentElement.classList.add('route-home');\n    ";
const INDEX_HTML = `<!doctype html><html><head><script>${INLINE_SCRIPT}</script>
<script type="module" crossorigin src="/assets/app-abc.js"></script></head><body><div id="root"></div></body></html>`;
const INLINE_HASH = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
const GATEWAY = 'https://gateway.example';

const world = ordersWorldForFile();
let tempRoot: string;
/** The app over a built PWA whose build had an absolute gateway and a maps key. */
let spa: App;
/** The same PWA built with neither, served over https (PUBLIC_URL). */
let plainHttps: App;

async function writeDist(dir: string, sources: unknown) {
  await mkdir(join(dir, 'assets'), { recursive: true });
  await writeFile(join(dir, 'index.html'), INDEX_HTML);
  await writeFile(join(dir, 'assets', 'app-abc.js'), 'console.log(1);');
  await writeFile(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(dir, CSP_SOURCES_FILE), JSON.stringify(sources));
}

beforeAll(async () => {
  tempRoot = await mkdtemp(join(tmpdir(), 'dispensario-headers-'));
  await writeDist(join(tempRoot, 'maps'), { serviceOrigins: [`${GATEWAY}/api`], maps: true });
  await writeDist(join(tempRoot, 'plain'), { serviceOrigins: [], maps: false });
  spa = world.ctx.makeApp({ distDir: join(tempRoot, 'maps') });
  plainHttps = world.ctx.makeApp({ distDir: join(tempRoot, 'plain'), publicUrl: 'https://dispensario.example' });
});

afterAll(async () => {
  if (tempRoot) await rm(tempRoot, { recursive: true, force: true });
});

/** Splits a policy into directive → sources. */
function directives(policy: string | null): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) parsed.set(name, sources);
  }
  return parsed;
}

/** The API's data (JSON, its errors, pictures): what binds a subresource, not a page's rules. */
function expectDataHeaders(response: Response) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(response.headers.get('cross-origin-resource-policy')).toBe('same-site');
  expect(response.headers.get('x-request-id')).toBeTruthy();
  for (const pageRule of ['permissions-policy', 'referrer-policy', 'cross-origin-opener-policy']) {
    expect(response.headers.get(pageRule)).toBeNull();
  }
}

function expectCommonHeaders(response: Response) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('permissions-policy')).toContain('camera=()');
  expect(response.headers.get('permissions-policy')).toContain('microphone=()');
  expect(response.headers.get('permissions-policy')).toContain('geolocation=()');
  expect(response.headers.get('content-security-policy')).toBeTruthy();
}

describe('the storefront’s answers', () => {
  it.each(['/co', '/', '/sw.js', '/logo.svg'])(
    '%s carries the app policy: hashed inline scripts only, no frames, no plugins',
    async (path) => {
      const response = await spa.request(path);
      expectCommonHeaders(response);
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      const policy = directives(response.headers.get('content-security-policy'));
      expect(policy.get('script-src')).toContain(INLINE_HASH);
      expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
      expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      // Plain http: no HSTS (it would lock browsers out of an install without TLS).
      expect(response.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it.each(['/assets/app-abc.js', '/no-such-file.js'])(
    '%s, a file no browser runs as a page, carries nosniff and its resource policy, not the page rules',
    async (path) => {
      const response = await spa.request(path);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(response.headers.get('x-request-id')).toBeTruthy();
      for (const pageRule of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'referrer-policy']) {
        expect(response.headers.get(pageRule)).toBeNull();
      }
    },
  );

  it('allows the gateway’s origin and the maps provider only because the build had them', async () => {
    const withMaps = directives((await spa.request('/co')).headers.get('content-security-policy'));
    expect(withMaps.get('connect-src')).toEqual(expect.arrayContaining(["'self'", GATEWAY]));
    expect(withMaps.get('img-src')).toContain(GATEWAY);
    expect(withMaps.get('script-src')).toContain('https://*.googleapis.com');

    const plain = directives((await plainHttps.request('/co')).headers.get('content-security-policy'));
    expect(plain.get('connect-src')).toEqual(["'self'"]);
    expect(plain.get('script-src')).toEqual(["'self'", INLINE_HASH]);
    expect(plain.has('upgrade-insecure-requests')).toBe(true);
  });

  it('sends HSTS only when PUBLIC_URL is https', async () => {
    const response = await plainHttps.request('/co');
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
  });
});

describe('the API’s answers', () => {
  it('JSON, its errors, unknown routes and pictures carry nosniff, their resource policy and a policy that runs and frames nothing', async () => {
    const answers = [
      await spa.request('/api/health'),
      await spa.request('/api/no-such-route'),
      await spa.request('/api/auth/email-login', jsonRequest('POST', '{not json')),
      await spa.request('/api/media/products/magnesio-bisglicinato-400-mg.svg?w=640&q=75', {
        headers: { accept: 'image/webp' },
      }),
    ];
    expect(answers.map((response) => response.status)).toEqual([200, 404, 400, 200]);
    expect(answers[3]?.headers.get('content-type')).toBe('image/webp');
    for (const response of answers) expectDataHeaders(response);
  });

  it('a kept catalogue answer is made with every header in place, its own cache rule winning', async () => {
    const first = await spa.request('/api/products?limit=2', { headers: { 'x-request-id': 'catalogo-1' } });
    const repeat = await spa.request('/api/products?limit=2', {
      headers: { 'if-none-match': first.headers.get('etag') ?? '' },
    });
    expect([first.status, repeat.status]).toEqual([200, 304]);
    for (const response of [first, repeat]) {
      // No middleware touched it afterwards: Node writes the record it was made with.
      expect(isCompleteAnswer(response)).toBe(true);
      expectDataHeaders(response);
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
    }
    expect(first.headers.get('x-request-id')).toBe('catalogo-1');
    expect(repeat.headers.get('x-request-id')).toBeTruthy();
  });

  it('an upload a browser may open as a page keeps its own sandboxed policy and gets the page rules', async () => {
    const response = await spa.request('/api/media/products/magnesio-bisglicinato-400-mg.svg');
    expect(response.status).toBe(200);
    expectCommonHeaders(response);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('the sandbox payment page keeps its own policy (its hashed style, posting only here)', async () => {
    const buyer = await world.buyer({ role: 'patient' });
    const magnesio = world.productId('magnesio-bisglicinato-400-mg');
    const { payment } = await createdOrder(
      world.ctx,
      buyer.headers,
      orderBody({ items: [{ productId: magnesio, quantity: 1 }] }),
    );
    const response = await spa.request(payment.redirectUrl ?? '');
    expect(response.status).toBe(200);
    expectCommonHeaders(response);
    const policy = directives(response.headers.get('content-security-policy'));
    expect(policy.get('style-src')?.[0]).toMatch(/^'sha256-/);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('a logged-in answer carries them too', async () => {
    const { sessionToken: token } = await loginAs(spa, 'paciente.co@demo.test', { country: 'co' });
    const response = await spa.request('/api/me/prescriptions', {
      headers: { authorization: `Bearer ${token}`, 'x-country': 'co' },
    });
    expect(response.status).toBe(200);
    expectDataHeaders(response);
  });
});

describe('addresses over 16 KB', () => {
  const longQuery = `?q=${'a'.repeat(MAX_URL_BYTES)}`;

  it.each([
    ['/api/products', expectDataHeaders],
    ['/co', expectCommonHeaders],
  ])('%s answers a Spanish JSON 431, with the security headers', async (path, expectHeaders) => {
    const response = await spa.request(`${path}${longQuery}`);
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({ message: URL_TOO_LONG_MESSAGE });
    expectHeaders(response);
  });

  it('an address just under the limit is answered normally', async () => {
    const path = '/api/products?q=';
    const response = await spa.request(`${path}${'a'.repeat(MAX_URL_BYTES - path.length)}`);
    expect(response.status).toBe(200);
  });

  describe('through the real server', () => {
    let port: number;
    let close: () => void;

    beforeAll(async () => {
      const started = await listen(spa.fetch, { port: 0, hostname: '127.0.0.1' });
      port = started.port;
      close = () => started.server.close();
    });
    afterAll(() => close());

    function get(path: string, headers: Record<string, string> = {}) {
      return new Promise<{ status: number; type: string | undefined; keepAlive: unknown; body: string }>(
        (resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                type: res.headers['content-type'],
                keepAlive: res.headers['keep-alive'],
                body,
              }),
            );
          });
          req.on('error', reject);
          req.end();
        },
      );
    }

    it('a 20 KB address reaches the app (Node’s own limit is higher) and gets its JSON 431', async () => {
      const answer = await get(`/api/products?q=${'a'.repeat(20 * 1024)}`);
      expect(answer.status).toBe(431);
      expect(JSON.parse(answer.body)).toEqual({ message: URL_TOO_LONG_MESSAGE });
    });

    it('headers beyond Node’s limit get a JSON 431 too, not a bare one', async () => {
      const answer = await get('/api/health', { 'x-relleno': 'a'.repeat(80 * 1024) });
      expect(answer.status).toBe(431);
      expect(answer.type).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual({ message: HEADERS_TOO_LARGE_MESSAGE });
    });

    it('keeps an idle connection longer than a load balancer or a browser reuses it (not Node’s 5 s)', async () => {
      const answer = await get('/api/health', { connection: 'keep-alive' });
      expect(answer.status).toBe(200);
      expect(answer.keepAlive).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
      expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    });
  });
});
