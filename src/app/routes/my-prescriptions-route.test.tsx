import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartForCountryAtom } from '../../features/cart/atoms';
import {
  addItem,
  canDecrement,
  canIncrement,
  cartItemFromProduct,
  EMPTY_CART,
  increment,
} from '../../features/cart/cart-rules';
import { checkoutStepAtom } from '../../features/checkout/atoms';
import { pdfText } from '../../../tests/support/pdf-text';
import { appStore } from '../../lib/store';
import { buildProduct } from '../../testing/data';
import { buildPrescriptionDetail, prescriptionFixtures } from '../../testing/handlers/prescriptions';
import { renderApp } from '../../testing/render';
import { loggedInAs, loggedInAsPatient } from '../../testing/session';

const asPatient = loggedInAsPatient;
const cart = () => appStore.get(cartForCountryAtom('co'));

beforeEach(() => {
  prescriptionFixtures.prescriptions = [buildPrescriptionDetail()];
});

describe('my prescriptions (patient)', () => {
  it('lists the patient’s prescriptions with date, type, professional and status', async () => {
    await asPatient();
    await renderApp('/co/mi-cuenta/mis-prescripciones');
    const table = await screen.findByRole('table', { name: 'Tus prescripciones y recomendaciones' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByRole('link', { name: '10 de noviembre de 2026' }).getAttribute('href')).toBe(
      '/co/mi-cuenta/mis-prescripciones/7001',
    );
    expect(row.textContent).toContain('Prescripción');
    expect(row.textContent).toContain('Carolina Mejía');
    expect(row.textContent).toContain('Activa');
  });

  it('shows an empty state', async () => {
    prescriptionFixtures.prescriptions = [];
    await asPatient();
    await renderApp('/co/mi-cuenta/mis-prescripciones');
    expect(await screen.findByText(/Aún no tienes prescripciones ni recomendaciones/)).toBeTruthy();
  });

  it('adds everything to the bag as prescription lines whose quantities are locked', async () => {
    await asPatient();
    // A line the patient added freely before: it becomes the prescribed one.
    appStore.set(cartForCountryAtom('co'), addItem(EMPTY_CART, cartItemFromProduct(buildProduct({ id: 2 }), 1), 5));
    appStore.set(checkoutStepAtom, 3);
    await renderApp('/co/mi-cuenta/mis-prescripciones/7001');
    expect(await screen.findByRole('heading', { name: 'Prescripción del 10 de noviembre de 2026' })).toBeTruthy();
    expect(screen.getByText(/Documento personal e intransferible/)).toBeTruthy();
    expect(screen.getByText('Magnesio Bisglicinato 400 mg', { selector: '.to-buy__name' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Agregar todo a la bolsa' }));
    expect(await screen.findByText('Agregamos 2 productos a tu bolsa.')).toBeTruthy();
    const lines = cart().cartItems;
    expect(lines.map((line) => [line.id, line.quantity])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    for (const line of lines) {
      expect(line.momentsDay?.length).toBeGreaterThan(0);
      expect(canIncrement(line)).toBe(false);
      expect(canDecrement(line)).toBe(false);
    }
    expect(increment(cart(), 1)).toBe(cart());
    expect(cart().prescriptionContext).toMatchObject({
      prescriptionId: 7001,
      type: 'prescription',
      authorName: 'Carolina Mejía',
    });
    expect(cart().prescription).toEqual({ id: 7001, type: 'prescription' });

    // Again: the prescribed lines stay as they are.
    await userEvent.click(screen.getByRole('button', { name: 'Agregar todo a la bolsa' }));
    expect(await screen.findByText('Estos productos ya estaban en tu bolsa.')).toBeTruthy();
    expect(cart().cartItems.map((line) => [line.id, line.quantity])).toEqual([
      [1, 2],
      [2, 2],
    ]);

    await userEvent.click(screen.getByRole('link', { name: 'Ver bolsa' }));
    expect(appStore.get(checkoutStepAtom)).toBe(1);
  });

  it('skips what cannot be bought and says why; a cancelled prescription cannot be bought', async () => {
    const detail = buildPrescriptionDetail();
    const [first, second] = detail.products;
    if (!first || !second) throw new Error('fixture');
    prescriptionFixtures.prescriptions = [
      {
        ...detail,
        products: [first, { ...second, product: null, hasStock: false, problem: '«Omega 3 Ultra» ya no se vende.' }],
      },
      { ...buildPrescriptionDetail({ id: 7002, status: 'cancelled' }) },
    ];
    await asPatient();
    const { router } = await renderApp('/co/mi-cuenta/mis-prescripciones/7001');
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar todo a la bolsa' }));
    expect(await screen.findByText('Agregamos 1 producto a tu bolsa.')).toBeTruthy();
    expect(screen.getByText('No se agregaron: Omega 3 Ultra («Omega 3 Ultra» ya no se vende.)')).toBeTruthy();
    expect(cart().cartItems.map((line) => line.id)).toEqual([1]);

    await router.navigate('/co/mi-cuenta/mis-prescripciones/7002');
    expect(await screen.findByText(/fue anulada por quien la emitió/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Agregar todo a la bolsa' }).hasAttribute('disabled')).toBe(true);
  });

  describe('PDF download', () => {
    const created: Blob[] = [];
    beforeEach(() => {
      created.length = 0;
      vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        created.push(blob as Blob);
        return 'blob:prescripcion';
      });
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    });
    afterEach(() => vi.restoreAllMocks());

    it('makes the PDF on the device with the prescription’s content', async () => {
      await asPatient();
      await renderApp('/co/mi-cuenta/mis-prescripciones/7001');
      await userEvent.click(await screen.findByRole('button', { name: 'Descargar PDF' }));
      // pdf-lib loads on the first click: give it the time a cold module load takes on a slow machine.
      await vi.waitFor(() => expect(created).toHaveLength(1), { timeout: 15_000 });
      const blob = created[0] as Blob;
      expect(blob.type).toBe('application/pdf');
      const text = (await pdfText(new Uint8Array(await blob.arrayBuffer()))).join('\n');
      expect(text).toContain('Prescripción N.º 7001');
      expect(text).toContain('Carolina Mejía');
      expect(text).toContain('Mariana Gómez Ortiz');
      expect(text).toContain('Momento del día: Antes de dormir: 2');
      expect(text).toContain('No lo compartas.');
    }, 30_000);
  });

  it('is not for professionals', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-prescripciones');
    expect(await screen.findByRole('heading', { name: 'Sección no disponible' })).toBeTruthy();
  });
});
