// Spec: the guided tour is for a first visit. "Seen" is remembered per device (localStorage, not the account), so
// a shared family tablet does not show it again to every member, and a new phone shows it once.

export const TOUR_SEEN_KEY = 'dispensario:tour-visto:v1';

export function hasSeenTour(): boolean {
  try {
    return localStorage.getItem(TOUR_SEEN_KEY) !== null;
  } catch {
    // Storage disabled (private mode, blocked cookies): better no tour than a tour on every page load.
    return true;
  }
}

export function markTourSeen(now: Date = new Date()): void {
  try {
    localStorage.setItem(TOUR_SEEN_KEY, now.toISOString());
  } catch {
    // Nothing to remember it in; hasSeenTour already answers true in that case.
  }
}
