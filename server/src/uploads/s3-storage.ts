import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { assertStoredName, STORED_NAME_PATTERN, type UploadArea } from './files';
import type { StoredUpload, UploadContent, UploadStorage } from './storage';

/** The bucket of S3_*: any S3-compatible service (AWS, MinIO, Ceph, R2…), addressed path-style. */
export interface S3Settings {
  /** Origin (and path, behind a proxy) of the service, without the bucket: `https://minio.example:9000`. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Put before every key, ending with `/` when not empty, so one bucket may hold several stores. */
  prefix: string;
}

/**
 * The longest wait for an answer's headers (a PUT's whole body sent included: 10 MB at 4 Mbit/s is 20 s) and, while a
 * download streams, for its next piece. A service that hangs then fails the request instead of holding it forever.
 */
const S3_TIMEOUT_MS = 30_000;
/** Pause before the one retry of an idempotent call, so a service restarting or shedding load has a moment. */
const S3_RETRY_PAUSE_MS = 250;
/**
 * The readiness check's wait for the bucket: a load balancer polls every few seconds and gives up on its own after a
 * few; a bucket slower than this to list one key would fail uploads anyway.
 */
const S3_CHECK_TIMEOUT_MS = 2_000;
/** S3's own maximum per ListObjectsV2 page. */
const S3_LIST_PAGE_KEYS = 1000;

export const UPLOAD_STORAGE_UNAVAILABLE_MESSAGE =
  'No se pudo acceder al almacenamiento de archivos. Intenta nuevamente en unos minutos.';
export const UPLOAD_NAME_TAKEN_MESSAGE = 'Ya hay un archivo guardado con ese nombre; no se sobrescribe.';

/**
 * The bucket did not answer as it should (unreachable, timed out, refused the credentials). The message is the Spanish
 * one the browser gets (503); `detail` (the call and S3's status and error code, never a header or the secret) is for
 * the log.
 */
export class UploadStorageUnavailableError extends Error {
  constructor(
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(UPLOAD_STORAGE_UNAVAILABLE_MESSAGE, options);
    this.name = 'UploadStorageUnavailableError';
  }
}

export interface S3StorageOptions {
  timeoutMs?: number;
  retryPauseMs?: number;
  /** Keys per ListObjectsV2 page; tests lower it to walk the continuation tokens. */
  listPageKeys?: number;
  checkTimeoutMs?: number;
}

type Call = 'PUT' | 'GET' | 'HEAD' | 'DELETE' | 'LIST';

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function xmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity: string, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
    return XML_ENTITIES[code] ?? entity;
  });
}

function xmlValues(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((match) => xmlText(match[1] ?? ''));
}

/** S3's error code (`AccessDenied`, `NoSuchBucket`…) of a failed answer: the rest of its body may echo request details. */
async function errorCodeOf(response: Response): Promise<string> {
  const body = await response.text().catch(() => '');
  return xmlValues(body, 'Code')[0] ?? 'sin código';
}

/** The whole content in one buffer of its own (fetch takes no view of shared memory). */
async function wholeContent(content: UploadContent): Promise<Uint8Array<ArrayBuffer>> {
  if (content instanceof Uint8Array) return new Uint8Array(content);
  const pieces: Uint8Array[] = [];
  for await (const piece of content) pieces.push(piece);
  return new Uint8Array(Buffer.concat(pieces));
}

/**
 * The body of a download, passed on a piece at a time as the reader asks, failing when the service stops sending
 * for `timeoutMs` (the reader's own pace is never timed).
 */
function watchedBody(body: ReadableStream<Uint8Array>, timeoutMs: number, key: string): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let timer: NodeJS.Timeout | undefined;
        const stalled = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new UploadStorageUnavailableError(`GET ${key}: sin datos durante ${timeoutMs} ms`)),
            timeoutMs,
          );
        });
        try {
          const { done, value } = await Promise.race([reader.read(), stalled]);
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          controller.error(error);
          await reader.cancel().catch(() => undefined);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

/**
 * Uploads as objects `${prefix}${area}/${name}` of one bucket, signed with SigV4 (aws4fetch). Objects are written
 * without an ACL, so they keep the bucket's private default; they are only ever read through the server's routes.
 */
export class S3UploadStorage implements UploadStorage {
  readonly kind = 's3';
  private readonly client: AwsClient;
  private readonly bucketUrl: string;
  private readonly timeoutMs: number;
  private readonly retryPauseMs: number;
  private readonly listPageKeys: number;
  private readonly checkTimeoutMs: number;

  constructor(
    private readonly settings: S3Settings,
    options: S3StorageOptions = {},
  ) {
    // aws4fetch's own retries would resend a PUT; retries are decided per call below.
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: 's3',
      retries: 0,
    });
    this.bucketUrl = `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}`;
    this.timeoutMs = options.timeoutMs ?? S3_TIMEOUT_MS;
    this.retryPauseMs = options.retryPauseMs ?? S3_RETRY_PAUSE_MS;
    this.listPageKeys = options.listPageKeys ?? S3_LIST_PAGE_KEYS;
    this.checkTimeoutMs = options.checkTimeoutMs ?? S3_CHECK_TIMEOUT_MS;
  }

  private key(area: UploadArea, name: string): string {
    return `${this.settings.prefix}${area}/${name}`;
  }

  private objectUrl(key: string): string {
    return `${this.bucketUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  /**
   * One signed request whose answer's headers must come within the timeout. Idempotent calls are sent once more
   * after a network failure, a timeout or a 5xx; a PUT is not, since a first attempt that landed would make the
   * second one answer 412 and a new upload would be refused as existing.
   */
  private async send(call: Call, url: string, init: RequestInit, retry: boolean, key: string): Promise<Response> {
    for (let attempt = 1; ; attempt += 1) {
      const last = !retry || attempt === 2;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), this.timeoutMs);
      let response: Response;
      try {
        response = await fetch(await this.client.sign(url, { ...init, signal: controller.signal }));
      } catch (error) {
        const reason = controller.signal.aborted ? `sin respuesta en ${this.timeoutMs} ms` : 'error de red';
        if (last) throw new UploadStorageUnavailableError(`${call} ${key}: ${reason}`, { cause: error });
        await this.pause();
        continue;
      } finally {
        clearTimeout(timer);
      }
      if (response.status < 500 || last) return response;
      await response.body?.cancel();
      await this.pause();
    }
  }

  private pause(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, this.retryPauseMs));
  }

  private async failure(call: Call, key: string, response: Response): Promise<UploadStorageUnavailableError> {
    return new UploadStorageUnavailableError(`${call} ${key}: ${response.status} ${await errorCodeOf(response)}`);
  }

  async put(area: UploadArea, name: string, content: UploadContent): Promise<void> {
    assertStoredName(name);
    // PutObject needs the length before the body; files are at most 10 MB (the upload limit), and only the copy from
    // disk passes a stream.
    const body = await wholeContent(content);
    const key = this.key(area, name);
    const response = await this.send(
      'PUT',
      this.objectUrl(key),
      {
        method: 'PUT',
        body,
        headers: {
          'content-type': 'application/octet-stream',
          // The service checks the body against its signed hash: a corrupted upload is refused, not stored.
          'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
          // Never overwrite: a stored name is another upload's.
          'if-none-match': '*',
        },
      },
      false,
      key,
    );
    // 409: another conditional write of that key is under way (AWS).
    if (response.status === 412 || response.status === 409) {
      await response.body?.cancel();
      throw new Error(UPLOAD_NAME_TAKEN_MESSAGE);
    }
    if (!response.ok) throw await this.failure('PUT', key, response);
    await response.body?.cancel();
  }

  async get(area: UploadArea, name: string): Promise<StoredUpload | undefined> {
    if (!STORED_NAME_PATTERN.test(name)) return undefined;
    const key = this.key(area, name);
    const response = await this.send('GET', this.objectUrl(key), { method: 'GET' }, true, key);
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (response.status !== 200) throw await this.failure('GET', key, response);
    const size = Number(response.headers.get('content-length'));
    if (!response.body || !Number.isSafeInteger(size)) {
      await response.body?.cancel();
      throw new UploadStorageUnavailableError(`GET ${key}: respuesta sin Content-Length`);
    }
    return { size, stream: watchedBody(response.body, this.timeoutMs, key) };
  }

  async exists(area: UploadArea, name: string): Promise<boolean> {
    if (!STORED_NAME_PATTERN.test(name)) return false;
    const key = this.key(area, name);
    const response = await this.send('HEAD', this.objectUrl(key), { method: 'HEAD' }, true, key);
    await response.body?.cancel();
    if (response.status === 404) return false;
    if (response.status === 200) return true;
    throw await this.failure('HEAD', key, response);
  }

  async delete(area: UploadArea, name: string): Promise<void> {
    if (!STORED_NAME_PATTERN.test(name)) return;
    const key = this.key(area, name);
    const response = await this.send('DELETE', this.objectUrl(key), { method: 'DELETE' }, true, key);
    if (response.ok || response.status === 404) {
      await response.body?.cancel();
      return;
    }
    throw await this.failure('DELETE', key, response);
  }

  /**
   * Readiness: a ListObjectsV2 of at most one key under the prefix, the cheapest call that proves the service answers,
   * the bucket exists and the credentials are accepted (the same right `list` needs). Once, with a short timeout: the
   * load balancer polls again soon anyway.
   */
  async check(): Promise<void> {
    const query = new URLSearchParams({ 'list-type': '2', prefix: this.settings.prefix, 'max-keys': '1' });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.checkTimeoutMs);
    let response: Response;
    try {
      const signed = await this.client.sign(`${this.bucketUrl}?${query}`, { method: 'GET', signal: controller.signal });
      response = await fetch(signed);
      // The body too: a service that sends headers and then hangs is not ready either.
      if (response.status !== 200) throw await this.failure('LIST', this.settings.prefix, response);
      await response.text();
    } catch (error) {
      if (error instanceof UploadStorageUnavailableError) throw error;
      const reason = controller.signal.aborted ? `sin respuesta en ${this.checkTimeoutMs} ms` : 'error de red';
      throw new UploadStorageUnavailableError(`LIST ${this.settings.prefix}: ${reason}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  async list(area: UploadArea): Promise<string[]> {
    const prefix = this.key(area, '');
    const names: string[] = [];
    let token: string | undefined;
    do {
      const query = new URLSearchParams({
        'list-type': '2',
        prefix,
        // Keys further down (`area/x/y`) come back as common prefixes: they are no name of this area.
        delimiter: '/',
        'max-keys': String(this.listPageKeys),
      });
      if (token) query.set('continuation-token', token);
      const response = await this.send('LIST', `${this.bucketUrl}?${query}`, { method: 'GET' }, true, prefix);
      if (response.status !== 200) throw await this.failure('LIST', prefix, response);
      const xml = await response.text();
      for (const key of xmlValues(xml, 'Key')) names.push(key.slice(prefix.length));
      token = xmlValues(xml, 'IsTruncated')[0] === 'true' ? xmlValues(xml, 'NextContinuationToken')[0] : undefined;
    } while (token);
    return names.sort();
  }
}
