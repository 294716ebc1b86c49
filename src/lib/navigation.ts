/**
 * Leaves the app for another page (the payment provider's hosted page). A module of its own so tests can replace
 * it: jsdom cannot navigate.
 */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
