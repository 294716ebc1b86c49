import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
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

/** The storefront's policy, as Hono's secureHeaders takes it. */
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
const API_POLICY = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };

/**
 * Features the storefront does not use (checked in the code: no camera capture, microphone, location or Payment
 * Request API); fullscreen stays with this origin (the map's fullscreen control).
 */
const PERMISSIONS_POLICY = {
  camera: [],
  microphone: [],
  geolocation: [],
  payment: [],
  usb: [],
  serial: [],
  bluetooth: [],
  hid: [],
  midi: [],
  magnetometer: [],
  gyroscope: [],
  accelerometer: [],
  displayCapture: [],
  browsingTopics: [],
  fullscreen: ['self'],
};

interface SecurityHeadersOptions {
  distDir: string;
  /** PUBLIC_URL: HSTS is sent only when it is https (a plain-http install must stay reachable). */
  publicUrl: string | undefined;
}

/**
 * Security headers on every answer, through Hono's own secureHeaders. A handler that sets one of them itself (the
 * sandbox payment page's policy, an upload's `sandbox` policy) keeps its own. The inline script hashes and the
 * configured services are read once at start from the built PWA: a new build is served by a new start.
 */
export function securityHeaders({ distDir, publicUrl }: SecurityHeadersOptions): {
  api: MiddlewareHandler;
  app: MiddlewareHandler;
} {
  const https = publicUrl?.startsWith('https:') ?? false;
  const html = readOptional(join(distDir, 'index.html')) ?? '';
  const sources = parseCspSources(readOptional(join(distDir, CSP_SOURCES_FILE)));
  const common = {
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    permissionsPolicy: PERMISSIONS_POLICY,
    overwrite: false,
  } as const;
  return {
    // An absolute VITE_GATEWAY_BASE_URL loads product photos from this server cross-origin: same-site, not same-origin.
    api: secureHeaders({
      ...common,
      contentSecurityPolicy: API_POLICY,
      crossOriginResourcePolicy: 'same-site',
      // The signed prescription viewer frames an API answer from the storefront's origin; its own policy says so.
      xFrameOptions: 'SAMEORIGIN',
    }),
    app: secureHeaders({
      ...common,
      contentSecurityPolicy: appContentSecurityPolicy({ scriptHashes: inlineScriptHashes(html), sources, https }),
    }),
  };
}
