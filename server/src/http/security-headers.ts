import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { CSP_SOURCES_FILE, parseCspSources, type CspSources } from '../../../src/lib/shared/csp-sources';

/**
 * Origins the maps provider's script needs once it is loaded (its own published list for a Content Security Policy):
 * scripts and tiles from googleapis/gstatic, fonts, and the XHRs of the map itself. Only added when the build had a
 * maps key: without one the storefront never loads the script.
 */
const MAPS_SOURCES = {
  script: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'],
  img: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.ggpht.com'],
  connect: ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
  font: ['https://fonts.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
  frame: ['https://*.google.com'],
};

/** Scripts written inside index.html (the route-home class before the first paint) are allowed by their hash only. */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

function readOptional(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

interface AppPolicyInput {
  /** Hash sources of the inline scripts of index.html. */
  scriptHashes: string[];
  sources: CspSources;
  /** The site is served over https (PUBLIC_URL): plain-http subresources are upgraded. */
  https: boolean;
}

/** The storefront's policy, directive by directive. */
function appContentSecurityPolicy({ scriptHashes, sources, https }: AppPolicyInput) {
  const maps = sources.maps ? MAPS_SOURCES : undefined;
  const services = sources.serviceOrigins;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes, ...(maps?.script ?? [])],
    // Styles may be inline: Radix's scroll lock (dialogs, side cart) writes a <style> element and the maps script
    // styles its controls. A style cannot run code; scripts stay hash-only.
    styleSrc: ["'self'", "'unsafe-inline'", ...(maps?.style ?? [])],
    // Product photos come from the gateway; previews of chosen files are blob: URLs; small icons may be data: URLs.
    imgSrc: ["'self'", 'data:', 'blob:', ...services, ...(maps?.img ?? [])],
    fontSrc: ["'self'", ...(maps?.font ?? [])],
    connectSrc: ["'self'", ...services, ...(maps?.connect ?? [])],
    // The signed prescription of a hormone order is shown in an <iframe> (a PDF) from the gateway.
    frameSrc: ["'self'", 'blob:', ...services, ...(maps?.frame ?? [])],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/** JSON and files of the API are never documents to run or to frame; a handler may set its own (uploads, payments). */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Features the storefront does not use (checked in the code: no camera capture, microphone, location or Payment
 * Request API); fullscreen stays with this origin (the map's fullscreen control). Only features Chromium knows: it
 * warns on every page about one it does not (`bluetooth` did; Web Bluetooth asks the user through its chooser).
 */
const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), ' +
  'magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), browsing-topics=(), fullscreen=(self)';

interface SecurityHeadersOptions {
  distDir: string;
  /** PUBLIC_URL: HSTS is sent only when it is https (a plain-http install must stay reachable). */
  publicUrl: string | undefined;
}

/** Header names and values, lower case, as Node writes them. */
export type HeaderRecord = Readonly<Record<string, string>>;

/** The headers each kind of answer carries; a handler that sets one of them itself keeps its own. */
export interface SecurityHeaderSets {
  /** The API's documents: the sandbox payment page and uploads a browser may open (under their own policies too). */
  apiDocument: HeaderRecord;
  /** The API's data: JSON, its errors, pictures. */
  apiData: HeaderRecord;
  /** The storefront's documents: its pages, the service worker's script and SVG drawings (which may run script). */
  document: HeaderRecord;
  /** The storefront's other files: scripts, styles, pictures, the manifest. */
  file: HeaderRecord;
}

/** A policy in the header's syntax: each directive's sources after its kebab-case name. */
function policyText(policy: Record<string, string[]>): string {
  return Object.entries(policy)
    .map(([name, sources]) => [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...sources].join(' '))
    .join('; ');
}

/**
 * The security headers of every answer, computed once at start: the inline script hashes and the configured
 * services are read from the built PWA, and a new build is served by a new start.
 */
export function securityHeaderSets({ distDir, publicUrl }: SecurityHeadersOptions): SecurityHeaderSets {
  const https = publicUrl?.startsWith('https:') ?? false;
  const html = readOptional(join(distDir, 'index.html')) ?? '';
  const sources = parseCspSources(readOptional(join(distDir, CSP_SOURCES_FILE)));
  const everyAnswer = {
    'x-content-type-options': 'nosniff',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const documentRules = {
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  // An absolute VITE_GATEWAY_BASE_URL loads product photos from this server cross-origin: same-site, not same-origin.
  const apiData = {
    ...everyAnswer,
    'content-security-policy': API_POLICY,
    'cross-origin-resource-policy': 'same-site',
  };
  return {
    apiDocument: {
      ...apiData,
      ...documentRules,
      // The signed prescription viewer frames an API answer from the storefront's origin; its own policy says so.
      'x-frame-options': 'SAMEORIGIN',
    },
    apiData,
    document: {
      ...everyAnswer,
      ...documentRules,
      'content-security-policy': policyText(
        appContentSecurityPolicy({ scriptHashes: inlineScriptHashes(html), sources, https }),
      ),
      'cross-origin-resource-policy': 'same-origin',
      'x-frame-options': 'DENY',
    },
    file: { ...everyAnswer, 'cross-origin-resource-policy': 'same-origin' },
  };
}

/** Content types a browser may open as a document that runs script, asks for features or may be framed. */
const DOCUMENT_TYPES = /^(text\/html|image\/svg\+xml|application\/(xhtml\+)?xml|text\/xml|application\/pdf)\b/i;
/** The service worker's script: its answer's policy is the worker's own. */
const WORKER_SCRIPT = '/sw.js';

/**
 * Which of the storefront's sets an answer takes: a page's address (no extension: the app, or an error answered
 * there), the worker's script and anything a browser may open as a document take the document set. A policy,
 * framing, feature and referrer rules bind documents only; on each of a first visit's files they were about 850
 * bytes of headers.
 */
export function storefrontHeaders(sets: SecurityHeaderSets, path: string, contentType: string | null): HeaderRecord {
  const document = path === WORKER_SCRIPT || extname(path) === '' || DOCUMENT_TYPES.test(contentType ?? '');
  return document ? sets.document : sets.file;
}

/** Which of the API's sets an answer takes: documents (HTML, SVG, XML, PDF) the whole set, data the short one. */
export function apiHeaders(sets: SecurityHeaderSets, contentType: string | null): HeaderRecord {
  return DOCUMENT_TYPES.test(contentType ?? '') ? sets.apiDocument : sets.apiData;
}
