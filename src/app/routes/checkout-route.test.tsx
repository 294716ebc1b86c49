import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cartForCountryAtom } from '../../features/cart/atoms';
import { addItem, type CartItem } from '../../features/cart/cart-rules';
import { hormone, item } from '../../features/cart/test-items';
import { checkoutAtom } from '../../features/checkout/atoms';
import { checkoutFormAtom } from '../../features/checkout/form-atom';
import { leaveTo } from '../../lib/navigation';
import { ROLE_IDS } from '../../lib/shared/accounts';
import { appStore, flushPersistedState } from '../../lib/store';
import { http, HttpResponse } from 'msw';
import type { CredentialsStatusDto } from '../../lib/shared/accounts';
import { OUTBOX_META_HEADER, type OutboxMeta } from '../../lib/shared/outbox';
import { TEST_API } from '../../testing/api-url';
import { buildOutboxItem, installFakeServiceWorker } from '../../testing/fake-service-worker';
import { checkoutFixtures } from '../../testing/handlers/checkout';
import { server } from '../../testing/msw-server';
import { pointsFixtures } from '../../testing/handlers/points';
import { arrivesAt, renderApp } from '../../testing/render';
import { loggedInAs } from '../../testing/session';
import { fill } from '../../testing/fill';

vi.mock('../../lib/navigation', () => ({ leaveTo: vi.fn() }));

async function withCart(...lines: CartItem[]) {
  for (const line of lines) appStore.set(cartForCountryAtom('co'), (cart) => addItem(cart, line, line.quantity));
  await flushPersistedState();
}

const patient = () => loggedInAs('co', { role: { id: ROLE_IDS.patient, name: 'patient' }, email: 'ana@demo.test' });

async function goToPayment() {
  await userEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
  await screen.findByRole('group', { name: 'Datos personales' });
  await userEvent.selectOptions(screen.getByLabelText(/Tipo de contribuyente/), 'persona_natural');
  await fill(screen.getByLabelText(/^Dirección/), 'Calle 1 # 2-3');
  await fill(screen.getByLabelText(/Departamento o estado/), 'Cundinamarca');
  await fill(screen.getByLabelText(/^Ciudad/), 'Bogotá');
  await userEvent.click(screen.getByRole('button', { name: 'Continuar al pago' }));
  await screen.findByRole('group', { name: 'Medio de pago' });
}

/** The bag holding `lines` in checkout, its data filled and `card` chosen to pay. */
async function payingWith(card: string, ...lines: CartItem[]) {
  await withCart(...lines);
  await renderApp('/co/bolsa');
  await goToPayment();
  await userEvent.click(screen.getByRole('radio', { name: card }));
}

describe('checkout', () => {
  it('asks an anonymous buyer to log in after the bag, keeping the bag', async () => {
    await withCart(item({ id: 1 }));
    await renderApp('/co/bolsa');
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Inicia sesión para continuar con tu compra. Tu bolsa te espera.')).toBeTruthy();
    const checkout = screen.getByRole('region', { name: 'Bolsa de compras' });
    expect(within(checkout).getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe(
      '/co/iniciar-sesion?volver=%2Fco%2Fbolsa',
    );
    expect(appStore.get(cartForCountryAtom('co')).cartItems).toHaveLength(1);
  });

  it('prefills the data from the profile, marks what is missing and checks the phone by country', async () => {
    await patient();
    await withCart(item({ id: 1 }));
    await renderApp('/co/bolsa');
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
    const firstName = await screen.findByLabelText(/Primer nombre/);
    expect((firstName as HTMLInputElement).value).toBe('Carolina');
    await userEvent.clear(firstName);
    await userEvent.clear(screen.getByLabelText(/Número de celular/));
    await userEvent.type(screen.getByLabelText(/Número de celular/), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar al pago' }));
    expect(await screen.findAllByText('Debes completar este campo')).toHaveLength(5);
    expect(screen.getByText('El número de teléfono no es válido para el país seleccionado')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(firstName));
    // Product §3: the form keeps its empty fields; nothing typed is lost on the way.
    expect(appStore.get(checkoutFormAtom).customer.phoneNumber).toBe('12345');
    expect(appStore.get(checkoutAtom).step).toBe(2);
  });

  it('walks data, payment and summary, applies a promo code and pays with an idempotency key', async () => {
    await patient();
    await withCart(item({ id: 1, quantity: 2 }), item({ id: 2 }));
    await renderApp('/co/bolsa');
    await goToPayment();
    await userEvent.click(screen.getByRole('button', { name: 'Revisar pedido' }));
    expect(screen.getByText('Elige un medio de pago')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Visa' }));
    await userEvent.click(screen.getByRole('button', { name: 'Revisar pedido' }));

    expect((await screen.findByTestId('summary-articles')).textContent).toBe('3');
    expect(screen.getByTestId('summary-subtotal').textContent).toMatch(/30\.000/);
    await fill(screen.getByLabelText('Código promocional'), 'expirado');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('El código promocional expiró')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Código promocional'));
    await fill(screen.getByLabelText('Código promocional'), 'bienvenida10');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect((await screen.findByTestId('summary-promo')).textContent).toMatch(/3\.000/);
    await waitFor(() => expect(appStore.get(checkoutAtom).infoCoupon?.code).toBe('BIENVENIDA10'));

    await userEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('http://localhost/api/payments/sandbox/pay_1'));
    const [sent] = checkoutFixtures.orders;
    expect(sent?.idempotencyKey).toBe(sent?.request.sourceId);
    expect(sent?.request).toMatchObject({
      countryId: 1,
      items: [
        { productId: 1, quantity: 2 },
        { productId: 2, quantity: 1 },
      ],
      promoCode: 'BIENVENIDA10',
      paymentMethod: 'visa',
      address: { address: 'Calle 1 # 2-3', city: 'Bogotá', state: 'Cundinamarca' },
      bill: { typeContributor: 'persona_natural' },
    });
    // Prices never travel from the storefront: the server prices the order.
    expect(JSON.stringify(sent?.request)).not.toMatch(/price|amount|total|discount_value/i);
    expect(appStore.get(checkoutFormAtom).pendingSourceId).toBe(sent?.request.sourceId);
  });

  it('sends a checkout restored at the summary back to the data its buyer has not given yet', async () => {
    await patient();
    await withCart(item({ id: 1 }));
    // As a logout leaves it: the step kept, the typed data purged.
    appStore.set(checkoutAtom, (previous) => ({ ...previous, step: 4 }));
    await flushPersistedState();
    await renderApp('/co/bolsa');
    expect(await screen.findByRole('group', { name: 'Datos personales' })).toBeTruthy();
    const steps = screen.getByRole('list', { name: 'Pasos de la compra' });
    expect(within(steps).getByText('Datos').closest('li')?.getAttribute('aria-current')).toBe('step');
    expect(screen.queryByRole('button', { name: /^Pagar/ })).toBeNull();
  });

  it('lets an approved professional take points as money off, within the balance', async () => {
    const doctor = await loggedInAs('co');
    pointsFixtures.balances.set(doctor.id, 500);
    await payingWith('Visa', item({ id: 1 }));
    await userEvent.click(screen.getByRole('button', { name: 'Revisar pedido' }));
    const points = await screen.findByLabelText(/Usar mis puntos/);
    await userEvent.type(points, '900');
    await userEvent.click(screen.getByRole('button', { name: 'Usar puntos' }));
    expect(screen.getByText(/Solo tienes 500 puntos disponibles/)).toBeTruthy();
    await userEvent.clear(points);
    await userEvent.type(points, '200');
    await userEvent.click(screen.getByRole('button', { name: 'Usar puntos' }));
    expect((await screen.findByTestId('summary-points-discount')).textContent).toMatch(/2\.000/);
    expect(appStore.get(checkoutAtom).discountPoints).toBe(200);
    await userEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    await waitFor(() => expect(checkoutFixtures.orders[0]?.request.discountPoints).toBe(200));
  });

  it('offers no points to a patient', async () => {
    await patient();
    await payingWith('Visa', item({ id: 1 }));
    await userEvent.click(screen.getByRole('button', { name: 'Revisar pedido' }));
    await screen.findByTestId('summary-total');
    expect(screen.queryByLabelText(/Usar mis puntos/)).toBeNull();
  });

  it('requires the signed prescription for hormones and sends its document with the order', async () => {
    await patient();
    await payingWith('MasterCard', hormone({ id: 40 }));
    await userEvent.click(screen.getByRole('button', { name: 'Revisar pedido' }));
    expect(screen.getByText('Debes adjuntar la fórmula médica firmada para comprar hormonas')).toBeTruthy();

    const input = screen.getByLabelText(/Archivo de la fórmula/);
    fireEvent.change(input, { target: { files: [new File(['hola'], 'formula.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Tipo de archivo no permitido. Sube un PDF o una imagen JPG o PNG.')).toBeTruthy();
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.7'], 'formula.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText(/Fórmula adjunta: formula.pdf/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Revisar pedido' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Pagar/ }));
    await waitFor(() => expect(checkoutFixtures.orders).toHaveLength(1));
    expect(checkoutFixtures.orders[0]?.request.prescriptionDocumentId).toBe(1);
  });

  it('keeps a signed prescription chosen without connection and lets the buyer pay once it arrives', async () => {
    const worker = installFakeServiceWorker([]);
    let key = '';
    server.use(
      http.post(`${TEST_API}/credentials`, ({ request }) => {
        key = request.headers.get('idempotency-key') ?? '';
        const meta = JSON.parse(decodeURIComponent(request.headers.get(OUTBOX_META_HEADER) ?? '')) as OutboxMeta;
        worker.update([buildOutboxItem({ ...meta, id: key, path: '/api/credentials' })]);
        return HttpResponse.json({ queued: true, id: key }, { status: 202 });
      }),
    );
    try {
      await patient();
      await payingWith('MasterCard', hormone({ id: 40 }));
      fireEvent.change(screen.getByLabelText(/Archivo de la fórmula/), {
        target: { files: [new File(['%PDF-1.7'], 'formula.pdf', { type: 'application/pdf' })] },
      });
      expect(
        await screen.findByText(/Sin conexión: guardamos la fórmula formula.pdf en este dispositivo/),
      ).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Revisar pedido' }));
      expect(screen.queryByRole('button', { name: /^Pagar/ })).toBeNull();

      const status: CredentialsStatusDto = {
        status: 'pending',
        required: false,
        history: [
          {
            id: 31,
            documentType: 'formula-hormonal',
            status: 'pending',
            reason: null,
            contactNumber: '3105550000',
            countryCode: '+57',
            createdAt: '2026-11-25T10:00:00.000Z',
            reviewedAt: null,
            files: [],
            order: null,
          },
        ],
      };
      worker.update([
        buildOutboxItem({
          kind: 'signed-prescription',
          id: key,
          label: 'formula.pdf',
          state: 'delivered',
          response: status,
        }),
      ]);
      expect(await screen.findByText(/Fórmula adjunta: formula.pdf/)).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Revisar pedido' }));
      await userEvent.click(await screen.findByRole('button', { name: /^Pagar/ }));
      await waitFor(() => expect(checkoutFixtures.orders).toHaveLength(1));
      expect(checkoutFixtures.orders[0]?.request.prescriptionDocumentId).toBe(31);
    } finally {
      worker.uninstall();
    }
  });
});

describe('checkout without connection', () => {
  it('says a connection is needed to pay, keeps the bag and the data, and goes on once back online', async () => {
    await patient();
    await withCart(item({ id: 1 }), item({ id: 2, quantity: 2 }));
    await renderApp('/co/bolsa');
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('group', { name: 'Datos personales' })).toBeTruthy();

    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText('Necesitas conexión para pagar')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Datos personales' })).toBeNull();
    expect(appStore.get(checkoutAtom).step).toBe(2);
    expect(appStore.get(cartForCountryAtom('co')).cartItems.map((line) => line.quantity)).toEqual([1, 2]);

    await userEvent.click(screen.getByRole('button', { name: 'Volver a la bolsa' }));
    expect(screen.getByText('Necesitas conexión para pagar')).toBeTruthy();
    expect(appStore.get(cartForCountryAtom('co')).cartItems).toHaveLength(2);

    offline.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText('Necesitas conexión para pagar')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('group', { name: 'Datos personales' })).toBeTruthy();
  });
});

describe('payment result', () => {
  it('shows the successful payment and empties the bag of the attempt it belongs to', async () => {
    await patient();
    await withCart(item({ id: 1 }));
    appStore.set(checkoutFormAtom, (form) => ({ ...form, pendingSourceId: 'source-1' }));
    checkoutFixtures.onlyBySource = true;
    await renderApp('/co/bolsa/resultado/source-1');
    expect(await screen.findByRole('heading', { name: 'Pago exitoso' })).toBeTruthy();
    expect(screen.getByTestId('result-order-number').textContent).toBe('CO-000007');
    expect(screen.getByText('Te enviamos el comprobante de pago por correo electrónico.')).toBeTruthy();
    await waitFor(() => expect(appStore.get(cartForCountryAtom('co')).cartItems).toEqual([]));
    expect(appStore.get(checkoutFormAtom).pendingSourceId).toBeNull();
  });

  it('leaves the bag alone when an old result is opened again', async () => {
    await patient();
    await withCart(item({ id: 1 }));
    await renderApp('/co/bolsa/resultado/old-source');
    await screen.findByRole('heading', { name: 'Pago exitoso' });
    expect(appStore.get(cartForCountryAtom('co')).cartItems).toHaveLength(1);
  });

  it('shows a rejected payment and takes the buyer back to verify the data', async () => {
    await patient();
    await withCart(item({ id: 1 }));
    appStore.set(checkoutFormAtom, (form) => ({ ...form, pendingSourceId: 'source-2' }));
    checkoutFixtures.status = 'payment_rejected';
    const { router } = await renderApp('/co/bolsa/resultado/source-2');
    const section = (await screen.findByRole('heading', { name: 'Pago rechazado' })).closest('section');
    await userEvent.click(within(section as HTMLElement).getByRole('button', { name: 'Verificar datos' }));
    await arrivesAt(router, '/co/bolsa');
    expect(await screen.findByRole('group', { name: 'Datos personales' })).toBeTruthy();
    expect(appStore.get(cartForCountryAtom('co')).cartItems).toHaveLength(1);
    expect(appStore.get(checkoutFormAtom).pendingSourceId).toBeNull();
  });
});
