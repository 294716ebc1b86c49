import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartForCountryAtom } from '../../features/cart/atoms';
import { addItem, cartItemFromProduct, EMPTY_CART, isPrescriptionItem } from '../../features/cart/cart-rules';
import { checkoutStepAtom } from '../../features/checkout/atoms';
import { appStore } from '../../lib/store';
import { buildProduct } from '../../testing/data';
import { buildPrescriptionDetail, prescriptionFixtures } from '../../testing/handlers/prescriptions';
import { arrivesAt, renderApp } from '../../testing/render';
import { loggedInAs, loggedInAsPatient } from '../../testing/session';

const asPatient = loggedInAsPatient;
const cart = () => appStore.get(cartForCountryAtom('co'));

beforeEach(() => {
  prescriptionFixtures.prescriptions = [buildPrescriptionDetail()];
});

describe('the bag opened from a re-purchase reminder (/co/bolsa?recompra=…)', () => {
  it('puts the prescription’s products in the bag, says so and drops the parameter', async () => {
    await asPatient();
    appStore.set(checkoutStepAtom, 3);
    const { router } = await renderApp('/co/bolsa?recompra=7001');
    const notice = await screen.findByTestId('repurchase-notice');
    expect(notice.textContent).toBe(
      'Agregamos a tu bolsa 2 productos de tu prescripción: Magnesio Bisglicinato 400 mg, Omega 3 Ultra.',
    );
    expect(cart().cartItems.map((line) => [line.id, line.quantity, isPrescriptionItem(line)])).toEqual([
      [1, 2, true],
      [2, 2, true],
    ]);
    expect(cart().prescriptionContext).toMatchObject({ prescriptionId: 7001, type: 'prescription' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/co/bolsa');
    // The bag is the step shown, whatever step the checkout was left at.
    expect(appStore.get(checkoutStepAtom)).toBe(1);
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeTruthy();
  });

  it('tells what was already in the bag and what could not be added', async () => {
    const detail = buildPrescriptionDetail();
    const [first, second] = detail.products;
    prescriptionFixtures.prescriptions = [
      {
        ...detail,
        products: [first!, { ...second!, product: null, hasStock: false, problem: '«Omega 3 Ultra» ya no se vende.' }],
      },
    ];
    await asPatient();
    appStore.set(
      cartForCountryAtom('co'),
      addItem(EMPTY_CART, { ...cartItemFromProduct(buildProduct({ id: 1 }), 1), momentsDay: first!.momentsDay }, 2),
    );
    await renderApp('/co/bolsa?recompra=7001');
    const notice = await screen.findByTestId('repurchase-notice');
    expect(notice.textContent).toBe(
      'Ya estaban en tu bolsa: Magnesio Bisglicinato 400 mg.No se agregaron: Omega 3 Ultra («Omega 3 Ultra» ya no se vende.).',
    );
    expect(cart().cartItems.map((line) => line.id)).toEqual([1]);
  });

  it('sends a visitor without a session to the login, and back to the same link afterwards', async () => {
    const { router } = await renderApp('/co/bolsa?recompra=7001');
    await arrivesAt(router, '/co/iniciar-sesion');
    expect(router.state.location.search).toBe(`?volver=${encodeURIComponent('/co/bolsa?recompra=7001')}`);
    expect(cart().cartItems).toEqual([]);
  });

  it('says the link is for the patient’s account when another role opens it', async () => {
    await loggedInAs('co');
    await renderApp('/co/bolsa?recompra=7001');
    expect(await screen.findByText(/Este recordatorio es para la cuenta del paciente/)).toBeTruthy();
    expect(cart().cartItems).toEqual([]);
  });

  it('shows why the prescription could not be read, with a way to try again', async () => {
    await asPatient();
    await renderApp('/co/bolsa?recompra=9999');
    expect((await screen.findByRole('alert')).textContent).toContain('No encontramos esta prescripción.');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    expect(cart().cartItems).toEqual([]);
  });
});
