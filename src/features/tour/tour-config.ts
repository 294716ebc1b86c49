/** Product §9 tour defaults, in driver.js's terms. */
export const TOUR_DEFAULTS = {
  /** Card offset: 25 px between the highlighted element and the card. */
  popoverOffset: 25,
  /** Spotlight padding 30 and radius 28. */
  stagePadding: 30,
  stageRadius: 28,
  overlayOpacity: 0.2,
  /** Card transition 0.6 s. */
  duration: 600,
} as const;
