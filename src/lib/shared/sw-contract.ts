// Names shared by the storefront and the service worker: a rename on one side cannot silently break the other.

export const CACHE_NAMES = {
  catalogue: 'api-catalogue-v1',
  media: 'product-media-v1',
  library: 'library-documents-v1',
} as const;

/** API reads answered from the cache while revalidating (catalogue, countries). */
export const CATALOGUE_API_PATHS = ['/api/products', '/api/countries'] as const;
export const MEDIA_PATH_PREFIX = '/api/media/';
/** Library files (`/api/documents/{id}/file`): kept after a download so professionals can open them offline. */
export const LIBRARY_FILE_PATH = /^\/api\/documents\/\d+\/file$/;
export const LIBRARY_CACHE_MAX_ENTRIES = 60;
/**
 * The library files kept on a device weigh at most this (the budget in docs/decisions.md): a file is at most 15 MB,
 * so at least three always fit; the oldest go first.
 */
export const LIBRARY_CACHE_MAX_BYTES = 50 * 1024 * 1024;
export const LIBRARY_CACHE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** A library download that takes longer than this falls back to the copy on the device. */
export const LIBRARY_NETWORK_TIMEOUT_S = 8;
export const API_PATH_PREFIX = '/api/';

export const SW_MESSAGES = {
  skipWaiting: 'SKIP_WAITING',
} as const;

export const MEDIA_CACHE_MAX_ENTRIES = 400;
export const MEDIA_CACHE_MAX_AGE_S = 30 * 24 * 60 * 60;
export const CATALOGUE_CACHE_MAX_ENTRIES = 300;
export const CATALOGUE_CACHE_MAX_AGE_S = 7 * 24 * 60 * 60;
