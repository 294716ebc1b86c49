/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_AUTH_BASE_URL?: string;
  readonly VITE_GATEWAY_BASE_URL?: string;
  readonly VITE_CONTACT_PHONE?: string;
  readonly VITE_CHAT_NUMBER?: string;
  readonly VITE_MAPS_API_KEY?: string;
  readonly VITE_APP_VERSION?: string;
}

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
