import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3Settings } from '../src/uploads/s3-storage';

/** A request as the fake received it (method, path without the query, the query, lowercase headers). */
export interface S3FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
}

export interface S3Fake {
  settings: S3Settings;
  requests: S3FakeRequest[];
  /** The objects, by key without the bucket. */
  objects: Map<string, Buffer>;
  /**
   * Answered, in order, to the next requests instead of doing them (a service failing for a moment): a status, or
   * `drop` to close the connection without an answer.
   */
  failures: (number | 'drop')[];
  /**
   * While set, a GET sends its first `firstBytes` and then waits for `release()` before the rest, as a large
   * object arriving over a slow link.
   */
  holdDownloads: { firstBytes: number } | undefined;
  release: () => void;
  /** Milliseconds before every answer (a service that hangs). */
  delayMs: number;
  close: () => Promise<void>;
}

const ACCESS_KEY_ID = 'AKIAFALSOPRUEBA';
const SECRET_ACCESS_KEY = 'secreto-de-prueba-que-nunca-sale';
const REGION = 'sa-east-1';
const BUCKET = 'dispensario-pruebas';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function errorXml(response: ServerResponse, status: number, code: string, message = ''): void {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`,
  );
}

/** URI encoding as SigV4 defines it: RFC 3986's unreserved characters stay, everything else is %XX. */
const sigV4Encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/**
 * The signature S3 would compute for a request (SigV4, written here from AWS's specification rather than taken from
 * aws4fetch, so a request the client canonicalises differently, such as an encoded continuation token, is refused).
 */
function expectedSignature(request: IncomingMessage, settings: S3Settings, date: string, signed: string[]): string {
  const url = new URL(request.url ?? '/', 'http://fake');
  const canonicalUri = url.pathname
    .split('/')
    .map((segment) => sigV4Encode(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = [...url.searchParams]
    .map(([name, value]) => [sigV4Encode(name), sigV4Encode(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signed
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    request.method,
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    signed.join(';'),
    String(request.headers['x-amz-content-sha256']),
  ].join('\n');
  const day = date.slice(0, 8);
  const scope = `${day}/${settings.region}/s3/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    date,
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${settings.secretAccessKey}`, day), settings.region), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}

/**
 * What the fake requires of a signature, as S3 does: SigV4 with the configured key and region, the date and the
 * body's hash among the signed headers, and the signature those credentials give for this very request.
 */
function signatureProblem(request: IncomingMessage, settings: S3Settings): string | undefined {
  const authorization = request.headers.authorization ?? '';
  const pattern = new RegExp(
    `^AWS4-HMAC-SHA256 Credential=${settings.accessKeyId}/(\\d{8})/${settings.region}/s3/aws4_request, ` +
      'SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$',
  );
  const match = pattern.exec(authorization);
  if (!match) return 'la cabecera Authorization no es SigV4 con la clave y la región configuradas';
  const date = request.headers['x-amz-date'];
  if (typeof date !== 'string' || !/^\d{8}T\d{6}Z$/.test(date) || !date.startsWith(match[1] ?? '')) {
    return 'falta x-amz-date o no es la fecha de la credencial';
  }
  if (typeof request.headers['x-amz-content-sha256'] !== 'string') return 'falta x-amz-content-sha256';
  const signed = (match[2] ?? '').split(';');
  for (const header of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
    if (!signed.includes(header)) return `${header} no está firmada`;
  }
  if (match[3] !== expectedSignature(request, settings, date, signed)) return 'la firma no corresponde a la petición';
  return undefined;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of request) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

/**
 * A loopback stand-in for an S3-compatible service, path-style, one bucket: PutObject (with `If-None-Match: *`),
 * GetObject, HeadObject, DeleteObject and ListObjectsV2 (prefix, delimiter, max-keys, continuation tokens). It refuses
 * requests not signed with its key pair, and records every request.
 */
export async function startS3Fake(prefix = 'tienda-co/'): Promise<S3Fake> {
  const objects = new Map<string, Buffer>();
  const requests: S3FakeRequest[] = [];
  let releaseHeld: () => void = () => undefined;
  let held = new Promise<void>((resolve) => (releaseHeld = resolve));
  const fake: S3Fake = {
    settings: {
      endpoint: '',
      bucket: BUCKET,
      region: REGION,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      prefix,
    },
    requests,
    objects,
    failures: [],
    holdDownloads: undefined,
    release: () => {
      releaseHeld();
      held = new Promise<void>((resolve) => (releaseHeld = resolve));
    },
    delayMs: 0,
    close: async () => undefined,
  };

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    requests.push({ method, path: url.pathname, query: url.searchParams, headers: request.headers });
    const body = await bodyOf(request);
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    const failure = fake.failures.shift();
    if (failure === 'drop') return void request.socket.destroy();
    if (failure !== undefined) return errorXml(response, failure, 'InternalError');
    const problem = signatureProblem(request, fake.settings);
    if (problem) return errorXml(response, 403, 'SignatureDoesNotMatch', problem);
    const declaredHash = request.headers['x-amz-content-sha256'];
    if (declaredHash !== 'UNSIGNED-PAYLOAD' && declaredHash !== createHash('sha256').update(body).digest('hex')) {
      return errorXml(response, 400, 'XAmzContentSHA256Mismatch');
    }
    const [, bucket, ...keyParts] = url.pathname.split('/');
    if (bucket !== BUCKET) return errorXml(response, 404, 'NoSuchBucket');
    const key = keyParts.map(decodeURIComponent).join('/');

    if (key === '' && method === 'GET' && url.searchParams.get('list-type') === '2') {
      const listPrefix = url.searchParams.get('prefix') ?? '';
      const delimiter = url.searchParams.get('delimiter');
      const maxKeys = Number(url.searchParams.get('max-keys') ?? '1000');
      const after = url.searchParams.get('continuation-token') ?? '';
      const keys = [...objects.keys()]
        .filter((candidate) => candidate.startsWith(listPrefix) && candidate > after)
        .filter((candidate) => !delimiter || !candidate.slice(listPrefix.length).includes(delimiter))
        .sort();
      const page = keys.slice(0, maxKeys);
      const truncated = keys.length > page.length;
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.end(
        '<?xml version="1.0" encoding="UTF-8"?><ListBucketResult>' +
          `<Name>${BUCKET}</Name><Prefix>${escapeXml(listPrefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
          `<MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
          page.map((listed) => `<Contents><Key>${escapeXml(listed)}</Key></Contents>`).join('') +
          (truncated ? `<NextContinuationToken>${escapeXml(page.at(-1) ?? '')}</NextContinuationToken>` : '') +
          '</ListBucketResult>',
      );
      return;
    }
    if (key === '') return errorXml(response, 400, 'InvalidRequest');

    const stored = objects.get(key);
    switch (method) {
      case 'PUT': {
        if (request.headers['if-none-match'] === '*' && stored) return errorXml(response, 412, 'PreconditionFailed');
        objects.set(key, body);
        response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        response.end();
        return;
      }
      case 'GET':
      case 'HEAD': {
        if (!stored) return errorXml(response, 404, 'NoSuchKey');
        response.writeHead(200, {
          'content-length': String(stored.byteLength),
          'content-type': 'application/octet-stream',
        });
        if (method === 'HEAD') return void response.end();
        const hold = fake.holdDownloads;
        if (hold) {
          response.write(stored.subarray(0, hold.firstBytes));
          await held;
          response.end(stored.subarray(hold.firstBytes));
        } else {
          response.end(stored);
        }
        return;
      }
      case 'DELETE': {
        objects.delete(key);
        response.writeHead(204);
        response.end();
        return;
      }
      default:
        return errorXml(response, 405, 'MethodNotAllowed');
    }
  }

  const server = createServer((request, response) => {
    answer(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.settings.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      releaseHeld();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
