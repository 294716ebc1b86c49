import { atom } from 'jotai';

/** Product §3 filter menu: isCollapsed, filterId (number or null), filterName (string or null). */
interface FilterMenuState {
  isCollapsed: boolean;
  filterId: number | null;
  filterName: string | null;
}

export const INITIAL_FILTER_MENU: FilterMenuState = { isCollapsed: true, filterId: null, filterName: null };

/**
 * Product §5: the filter id must be a number or null and the name a string or null; anything else is rejected and the
 * state stays as it was.
 */
function acceptFilterMenu(current: FilterMenuState, next: Partial<Record<keyof FilterMenuState, unknown>>) {
  const filterId = 'filterId' in next ? next.filterId : current.filterId;
  const filterName = 'filterName' in next ? next.filterName : current.filterName;
  const isCollapsed = 'isCollapsed' in next ? next.isCollapsed : current.isCollapsed;
  const validId = filterId === null || (typeof filterId === 'number' && Number.isFinite(filterId));
  const validName = filterName === null || typeof filterName === 'string';
  if (!validId || !validName || typeof isCollapsed !== 'boolean') return current;
  return { isCollapsed, filterId, filterName };
}

const filterMenuBaseAtom = atom<FilterMenuState>(INITIAL_FILTER_MENU);

export const filterMenuAtom = atom(
  (get) => get(filterMenuBaseAtom),
  (get, set, next: Partial<Record<keyof FilterMenuState, unknown>>) =>
    set(filterMenuBaseAtom, acceptFilterMenu(get(filterMenuBaseAtom), next)),
);
