import { within, type ByRoleMatcher } from '@testing-library/react';

/** The text of each element of `role` inside `container`, in order: what a list, a menu or a table's row reads. */
export function textsByRole(container: HTMLElement, role: ByRoleMatcher): (string | null)[] {
  return within(container)
    .getAllByRole(role)
    .map((element) => element.textContent);
}
