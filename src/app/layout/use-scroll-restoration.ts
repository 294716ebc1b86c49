import { useEffect, useLayoutEffect, useState } from 'react';
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

/**
 * Where this document's entries were left. What the tab's earlier documents left is read from the storage only when a
 * return or the save at `pagehide` needs it: most documents never return anywhere, and the first render's task is
 * the tightest moment for the tab's first storage access (1–5 ms on the bench machine).
 */
let positions = new Map<string, number>();
let storedPositionsRead = false;

/** Drops the oldest entries beyond `MAX_ENTRIES`. */
function trim(entries: Map<string, number>) {
  for (const oldest of entries.keys()) {
    if (entries.size <= MAX_ENTRIES) break;
    entries.delete(oldest);
  }
}

/** The tab's positions: the stored ones, overwritten by this document's (newer). */
function allPositions(): Map<string, number> {
  if (!storedPositionsRead) {
    storedPositionsRead = true;
    const merged = readPositions();
    for (const [key, top] of positions) {
      merged.delete(key);
      merged.set(key, top);
    }
    trim(merged);
    positions = merged;
  }
  return positions;
}

/**
 * The key of an entry's place. A document's first entry has no history state, so React Router names it 'default' in
 * every document loaded in the tab: told apart by its address, or an address opened in the tab would scroll to where
 * another document's first page was left.
 */
function placeKey(key: string, pathname: string, search: string): string {
  return key === 'default' ? `default:${pathname}${search}` : key;
}

/** Whether this document came from a reload or Back/Forward (its entry's place applies), not a newly opened address. */
function documentReturned(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  const type = (entry as PerformanceNavigationTiming | undefined)?.type;
  return type === 'reload' || type === 'back_forward';
}

/** Set once the document's first page has been placed: later pages are the app's own navigations. */
let documentPlaced = false;

function remember(key: string, top: number) {
  positions.delete(key);
  positions.set(key, top);
  trim(positions);
}

function save() {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...allPositions()]));
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
  const location = useLocation();
  const { hash } = location;
  const key = placeKey(location.key, location.pathname, location.search);
  const navigationType = useNavigationType();
  // The location the document opened on (React renders it twice in development: the same object both times).
  const [documentLocation] = useState(() => (documentPlaced ? undefined : location));

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
    documentPlaced = true;
    // The initial render is a 'POP' too: it returns only for a reload or Back/Forward into this document.
    const returning = navigationType === 'POP' && (location !== documentLocation || documentReturned());
    const left = returning ? allPositions().get(key) : undefined;
    if (left !== undefined) return scrollBackTo(left);
    const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
    return undefined;
  }, [key, hash, navigationType, location, documentLocation]);
}
