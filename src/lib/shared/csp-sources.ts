import { isRecord } from './records';

// What the build tells the server about the services the storefront calls, so the server's Content Security Policy
// allows exactly those: the VITE_* variables are fixed at build time, and the server may start with another
// environment than the build had.

/** Written next to index.html by the build; not precached by the service worker (not one of its patterns). */
export const CSP_SOURCES_FILE = 'csp-sources.json';

export interface CspSources {
  /** Origins of VITE_AUTH_BASE_URL / VITE_GATEWAY_BASE_URL when they are absolute URLs (relative ones are 'self'). */
  serviceOrigins: string[];
  /** VITE_MAPS_API_KEY was set: the maps provider's script may load. */
  maps: boolean;
}

/** The origin of an absolute http(s) base URL; undefined for a path such as `/api`. */
function absoluteOrigin(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed || !/^https?:\/\//i.test(trimmed)) return undefined;
  try {
    return new URL(trimmed).origin;
  } catch {
    return undefined;
  }
}

export function cspSourcesOf(env: Record<string, string | undefined>): CspSources {
  const origins = [env.VITE_AUTH_BASE_URL, env.VITE_GATEWAY_BASE_URL]
    .map(absoluteOrigin)
    .filter((origin): origin is string => origin !== undefined);
  return { serviceOrigins: [...new Set(origins)], maps: Boolean(env.VITE_MAPS_API_KEY?.trim()) };
}

/** Reads the file the build wrote; anything missing or malformed means "same origin only, no maps". */
export function parseCspSources(text: string | undefined): CspSources {
  const none: CspSources = { serviceOrigins: [], maps: false };
  if (!text) return none;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return none;
  }
  if (!isRecord(value)) return none;
  const { serviceOrigins, maps } = value;
  return {
    serviceOrigins: Array.isArray(serviceOrigins)
      ? serviceOrigins
          .map((origin) => absoluteOrigin(typeof origin === 'string' ? origin : undefined) ?? '')
          .filter(Boolean)
      : [],
    maps: maps === true,
  };
}
