import { atom } from 'jotai';

/** Incremented by "Ver recorrido guiado": each new value asks the launcher to run the tour once more. */
export const tourRequestAtom = atom(0);
