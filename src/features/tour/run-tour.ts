// Loaded only when the tour runs (first visit or "Ver recorrido guiado"): driver.js and its styles stay out of every
// route's bundle.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { driver, type DriveStep } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tour.css';
import { TOUR_DEFAULTS } from './tour-config';
import { markTourSeen } from './tour-storage';
import { TOUR_STEPS, type TourStep } from './tour-steps';

function visible(element: Element | null): element is HTMLElement {
  return element instanceof HTMLElement && element.getClientRects().length > 0;
}

function targetOf(step: TourStep): HTMLElement | undefined {
  for (const selector of step.targets) {
    const element = document.querySelector(selector);
    if (visible(element)) return element;
  }
  return undefined;
}

/**
 * driver.js marks the highlighted element (or its invisible centring element) as a dialog trigger; on a section, a nav
 * or a bare div that is invalid ARIA.
 */
function dropTriggerMarks() {
  for (const element of document.querySelectorAll('[aria-controls="driver-popover-content"]')) {
    element.removeAttribute('aria-haspopup');
    element.removeAttribute('aria-expanded');
    element.removeAttribute('aria-controls');
  }
}

/**
 * Starts the tour over the steps whose element is on the page and returns a function that ends it. It counts as
 * seen from the moment it starts: closing the tab half-way must not bring it back on the next visit either.
 */
export function runTour(i18n: I18n, onEnd?: () => void): () => void {
  const steps: DriveStep[] = TOUR_STEPS.flatMap((step) => {
    const element = targetOf(step);
    if (step.targets.length > 0 && !element) return [];
    return [{ element, popover: { title: i18n._(step.title), description: i18n._(step.text) } }];
  });
  // driver.js fills in these two markers itself.
  const current = '{{current}}';
  const total = '{{total}}';
  const reducedMotionQuery = '(prefers-reduced-motion: reduce)'; // eslint-disable-line lingui/no-unlocalized-strings -- a media query
  const reducedMotion = window.matchMedia?.(reducedMotionQuery).matches ?? false;
  const tour = driver({
    ...TOUR_DEFAULTS,
    animate: !reducedMotion,
    steps,
    showProgress: true,
    progressText: i18n._(msg`Paso ${current} de ${total}`),
    nextBtnText: i18n._(msg`Siguiente`),
    prevBtnText: i18n._(msg`Anterior`),
    doneBtnText: i18n._(msg`Terminar`),
    popoverClass: 'tour-card',
    allowKeyboardControl: true,
    onPopoverRender: (popover) => {
      popover.closeButton.setAttribute('aria-label', i18n._(msg`Cerrar el recorrido`));
      popover.wrapper.setAttribute('aria-modal', 'true');
      // driver.js ignores the keyboard until the card has moved into place: say so to assistive technology (and to
      // whoever drives it), until onHighlighted.
      popover.wrapper.setAttribute('aria-busy', 'true');
      // driver.js builds the card from <header> and <footer> appended to <body>: without roles they would count as
      // a second banner and a second contentinfo landmark of the page.
      popover.title.setAttribute('role', 'none');
      popover.footer.setAttribute('role', 'group');
      popover.footer.setAttribute('aria-label', i18n._(msg`Pasos del recorrido`));
      const skip = document.createElement('button');
      skip.type = 'button';
      skip.className = 'tour-card__skip';
      skip.textContent = i18n._(msg`Saltar recorrido`);
      skip.addEventListener('click', () => tour.destroy());
      popover.footer.prepend(skip);
      // The card of a first step renders before driver.js marks the element: drop the marks once it has.
      queueMicrotask(dropTriggerMarks);
    },
    onHighlighted: () => {
      dropTriggerMarks();
      document.querySelector('.driver-popover')?.setAttribute('aria-busy', 'false');
    },
    onDestroyed: () => onEnd?.(),
  });
  markTourSeen();
  tour.drive();
  return () => {
    if (tour.isActive()) tour.destroy();
  };
}
