import { atom } from 'jotai';

/**
 * Set by the home's invitation and the footer's "Ver recorrido guiado"; the home's launcher clears it as the tour
 * starts, so a request runs the tour once, not again each time the home is opened.
 */
export const tourRequestedAtom = atom(false);
