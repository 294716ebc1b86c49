/* eslint-disable lingui/no-unlocalized-strings -- a test helper: the Spanish the page must show, as the tests' own files write it. */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { CountryCode } from '../../../lib/shared/countries';
import { pointsFixtures } from '../../../testing/handlers/points';
import { renderApp } from '../../../testing/render';
import { loggedInAs } from '../../../testing/session';

/** The demo doctor whose balance the points fixtures keep. */
export const DOCTOR_ID = 10;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Intl puts no-break spaces in amounts; compare with plain ones. */
export const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ').trim();

/** The balance the page's card shows. */
export const shownBalance = () => plain(screen.getByTestId('points-balance').textContent);

/** Opens "Mis puntos" signed in as the demo doctor and waits until it shows the balance told. */
export async function openMyPoints(balance: string, country: CountryCode = 'co') {
  await loggedInAs(country);
  await renderApp(`/${country}/mi-cuenta/mis-puntos`);
  await waitFor(() => expect(shownBalance()).toBe(balance));
}

/** After 'Confirmar canje': the notice says what is left, the dialog closes, the card shows it, one spend went out. */
export async function expectRedeemed(remaining: string) {
  expect(plain((await screen.findByText(/Canje realizado/)).textContent)).toBe(
    `Canje realizado. Te quedan ${remaining}`,
  );
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(shownBalance()).toBe(remaining);
  expect(pointsFixtures.spends).toHaveLength(1);
}
