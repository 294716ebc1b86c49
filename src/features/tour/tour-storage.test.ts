import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasSeenTour, markTourSeen, TOUR_SEEN_KEY } from './tour-storage';

describe('tour persistence', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is unseen on a new device and seen once marked, with the date it was shown', () => {
    expect(hasSeenTour()).toBe(false);
    markTourSeen(new Date('2026-11-02T10:00:00Z'));
    expect(hasSeenTour()).toBe(true);
    expect(localStorage.getItem(TOUR_SEEN_KEY)).toBe('2026-11-02T10:00:00.000Z');
  });

  it('counts as seen when storage is unavailable, so it never shows on every page load', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(hasSeenTour()).toBe(true);
    expect(() => markTourSeen()).not.toThrow();
  });
});
