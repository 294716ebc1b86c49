import { useSyncExternalStore } from 'react';

/** Chromium's `beforeinstallprompt` event (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

type Listener = (event: InstallPromptEvent | null) => void;

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<Listener>();

function announce(event: InstallPromptEvent | null) {
  deferred = event;
  for (const listener of listeners) listener(event);
}

/**
 * The browser offers installation once, early, often before React renders: the event is kept from the moment this
 * module loads (main.tsx imports it first) until the user answers or the app is installed.
 */
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Without this the browser shows its own mini-infobar instead of letting the app choose the moment.
    event.preventDefault();
    announce(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => announce(null));
}

export function installPrompt(): InstallPromptEvent | null {
  return deferred;
}

export function onInstallPrompt(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Whether the browser's offer is held now. Through `useSyncExternalStore`, which reads it again once subscribed: an
 * offer that arrives between a component's first render and its effect is not lost (it was, under load, in CI).
 */
export function useInstallPromptAvailable(): boolean {
  return useSyncExternalStore(onInstallPrompt, () => deferred !== null);
}

/** Shows the browser's install dialog; the offer is spent whatever the answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  await event.prompt();
  const { outcome } = await event.userChoice;
  announce(null);
  return outcome;
}

/** iPhone and iPad Safari install only from the share menu, and never fire `beforeinstallprompt`. */
export function needsIosInstallHint(navigatorLike: Pick<Navigator, 'userAgent'> & { standalone?: boolean }): boolean {
  const ios = /iPhone|iPad|iPod/.test(navigatorLike.userAgent);
  const safari = /Safari/.test(navigatorLike.userAgent) && !/CriOS|FxiOS|EdgiOS/.test(navigatorLike.userAgent);
  return ios && safari && navigatorLike.standalone !== true;
}
