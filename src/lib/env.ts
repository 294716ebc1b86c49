// Build-time configuration (VITE_* variables). Checked by hand rather than with a schema library: the storefront's
// initial bundle has a 140 KB budget and these are six strings.

function url(name: string, value: string | undefined, fallback: string): string {
  const chosen = value?.trim() || fallback;
  if (!chosen.startsWith('/') && !/^https?:\/\//.test(chosen)) {
    throw new Error(`${name} debe ser una ruta absoluta (/api) o una URL http(s): "${chosen}"`);
  }
  return chosen.replace(/\/+$/, '');
}

function optional(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export const env = {
  /** Base URL of the authentication service calls (auth/*, credentials, forms/*). */
  authBaseUrl: url('VITE_AUTH_BASE_URL', import.meta.env.VITE_AUTH_BASE_URL, '/api'),
  /** Base URL of the gateway calls (products, gamification, orders, users, countries). */
  gatewayBaseUrl: url('VITE_GATEWAY_BASE_URL', import.meta.env.VITE_GATEWAY_BASE_URL, '/api'),
  /** Contact phone line shown in the footer; hidden when not configured. */
  contactPhone: optional(import.meta.env.VITE_CONTACT_PHONE),
  /** International number (digits only) of the chat-contact service; the chat links hide when unset. */
  chatNumber: optional(import.meta.env.VITE_CHAT_NUMBER)?.replace(/\D/g, '') || undefined,
  /** Key of the maps provider; without it the "where we are" sections show the address and a link, no map. */
  mapsApiKey: optional(import.meta.env.VITE_MAPS_API_KEY),
  appVersion: import.meta.env.VITE_APP_VERSION ?? '0.1.0',
} as const;
