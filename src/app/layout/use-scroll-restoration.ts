import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each entry of this tab's history was left, kept for the tab's life (a reload returns to the same place). */
const STORAGE_KEY = 'scroll-positions';
/** Entries remembered: the oldest are dropped first, so the tab's storage stays small. */
const MAX_ENTRIES = 50;
/**
 * How long a return keeps trying to reach where the page was left (ms): a list that renders its items a moment after
 * the page (the catalogue's grid, a deferred render) is shorter than the position at first.
 */
const RESTORE_WINDOW_MS = 1000;

function readPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Map(Array.isArray(stored) ? (stored as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

const positions = readPositions();

function remember(key: string, top: number) {
  positions.delete(key);
  positions.set(key, top);
  for (const oldest of positions.keys()) {
    if (positions.size <= MAX_ENTRIES) break;
    positions.delete(oldest);
  }
}

function save() {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions]));
  } catch {
    // A full or refused storage only costs the position after a reload.
  }
}

/** Scrolls to `top`, again on the next frames while the page is still too short for it, until the window closes. */
function scrollBackTo(top: number): () => void {
  const until = performance.now() + RESTORE_WINDOW_MS;
  let frame = 0;
  const attempt = () => {
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) > 1 && performance.now() < until) frame = requestAnimationFrame(attempt);
  };
  attempt();
  const stop = () => cancelAnimationFrame(frame);
  // The person's own scroll wins over the return.
  window.addEventListener('wheel', stop, { once: true, passive: true });
  window.addEventListener('touchstart', stop, { once: true, passive: true });
  window.addEventListener('keydown', stop, { once: true });
  return () => {
    stop();
    window.removeEventListener('wheel', stop);
    window.removeEventListener('touchstart', stop);
    window.removeEventListener('keydown', stop);
  };
}

/**
 * A new page opens at its top (or at its `#anchor`); Back and Forward, and a reload, return to where that entry was
 * left. The browser's own restoration is off: it would scroll before the page's content is rendered.
 */
export function useScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, []);

  // What is scrolled belongs to the entry on screen. The listener changes in the same commit as the page, before the
  // browser reports the scroll the change caused, so a page that shrinks as the next replaces it never overwrites
  // where it was left.
  useLayoutEffect(() => {
    const record = () => remember(key, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [key]);

  useLayoutEffect(() => {
    const left = positions.get(key);
    if (navigationType === 'POP' && left !== undefined) return scrollBackTo(left);
    const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
    return undefined;
  }, [key, hash, navigationType]);
}
