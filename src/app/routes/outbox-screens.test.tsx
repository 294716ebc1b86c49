import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { draftAtomFor } from '../../features/prescriptions/atoms';
import { draftKey } from '../../features/prescriptions/draft';
import { appStore } from '../../lib/store';
import {
  OUTBOX_MESSAGES,
  OUTBOX_META_HEADER,
  OUTBOX_QUEUED_HEADER,
  type OutboxItem,
  type OutboxMeta,
} from '../../lib/shared/outbox';
import type { CreatePrescriptionRequestDto } from '../../lib/shared/prescriptions';
import { TEST_API } from '../../testing/api-url';
import { buildOutboxItem, installFakeServiceWorker } from '../../testing/fake-service-worker';
import { buildPrescriptionDetail, prescriptionFixtures } from '../../testing/handlers/prescriptions';
import { server } from '../../testing/msw-server';
import { typePatient } from '../../testing/patient-form';
import { renderApp } from '../../testing/render';
import { loggedInAs } from '../../testing/session';
import { fill } from '../../testing/fill';

const DOCTOR_UID = 'uid-doctor-0000000000000001';
const draftOf = () => appStore.get(draftAtomFor(draftKey(DOCTOR_UID, 'co')));

let worker: ReturnType<typeof installFakeServiceWorker> | undefined;
afterEach(() => {
  worker?.uninstall();
  worker = undefined;
});

/** What the service worker answers a write it keeps, and the item it then lists. */
function keepWrites(
  path: '/patients' | '/prescriptions' | '/prescription-templates',
  seen: { body: unknown; meta: OutboxMeta; key: string }[],
) {
  server.use(
    http.post(`${TEST_API}${path}`, async ({ request }) => {
      const key = request.headers.get('idempotency-key') ?? '';
      const meta = JSON.parse(decodeURIComponent(request.headers.get(OUTBOX_META_HEADER) ?? '')) as OutboxMeta;
      seen.push({ body: await request.json(), meta, key });
      worker?.update([...current(), buildOutboxItem({ ...meta, id: key, path: `/api${path}` })]);
      return HttpResponse.json({ queued: true, id: key }, { status: 202, headers: { [OUTBOX_QUEUED_HEADER]: '1' } });
    }),
  );
}

let items: OutboxItem[] = [];
const current = () => items;
function setItems(next: OutboxItem[]) {
  items = next;
  worker?.update(next);
}

async function createPatientOffline() {
  await userEvent.click(await screen.findByRole('button', { name: 'Crear paciente nuevo' }));
  const form = await screen.findByRole('form', { name: 'Crear paciente' });
  await typePatient(form);
  await userEvent.click(within(form).getByRole('button', { name: 'Crear paciente y enviar invitación' }));
}

async function toSummary() {
  await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
  const card = await screen.findByRole('article', { name: 'Producto 1' });
  await userEvent.click(within(card).getByRole('button', { name: 'Agregar' }));
  await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Antes de dormir' }));
  await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
  expect(await screen.findByRole('heading', { name: 'Resumen' })).toBeTruthy();
}

/** With an empty outbox, a draft for Mariana brought to the summary; what is then written to `path` is kept. */
async function summaryForMarianaOffline(path: '/prescriptions' | '/prescription-templates') {
  items = [];
  worker = installFakeServiceWorker([]);
  const writes: { body: unknown; meta: OutboxMeta; key: string }[] = [];
  keepWrites(path, writes);
  await loggedInAs('co');
  await renderApp('/co/mi-cuenta/prescripcion');
  await userEvent.click(await screen.findByRole('button', { name: /Mariana Gómez Ortiz/ }));
  await toSummary();
  return writes;
}

describe('writes kept on the device without connection', () => {
  it('prescribes offline for a patient created offline, then shows the prescription once the server has both', async () => {
    items = [];
    worker = installFakeServiceWorker([]);
    const patients: { body: unknown; meta: OutboxMeta; key: string }[] = [];
    const prescriptions: { body: unknown; meta: OutboxMeta; key: string }[] = [];
    keepWrites('/patients', patients);
    keepWrites('/prescriptions', prescriptions);
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/prescripcion');

    await createPatientOffline();
    expect(await screen.findByText(/Guardamos a Julián Torres en este dispositivo/)).toBeTruthy();
    const [patient] = patients;
    expect(patient?.meta).toEqual({
      kind: 'patient',
      country: 'co',
      author: DOCTOR_UID,
      label: 'Julián Torres',
      detail: 'julian@correo.test',
    });
    items = [buildOutboxItem({ ...patient!.meta, id: patient!.key })];
    const waiting = await screen.findByRole('list', { name: 'Pacientes por enviar' });
    expect(
      within(waiting)
        .getByRole('button', { name: /Julián Torres/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(draftOf()?.patient).toMatchObject({ id: null, pendingKey: patient!.key, name: 'Julián Torres' });

    await toSummary();
    expect(screen.getByText(/Julián Torres aún no está en el servidor/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Crear prescripción' }));
    expect(await screen.findByRole('heading', { name: 'Prescripción por enviar' })).toBeTruthy();
    const [prescription] = prescriptions;
    const body = prescription?.body as CreatePrescriptionRequestDto;
    expect(body.patientRef).toBe(patient!.key);
    expect(body.patientId).toBeUndefined();
    expect(prescription?.meta).toMatchObject({ kind: 'prescription', dependsOn: patient!.key, label: 'Julián Torres' });
    expect(prescription?.key).toBe(draftOf()?.idempotencyKey);
    expect(screen.getByText(/Estado: Se enviará al recuperar la conexión/)).toBeTruthy();

    // Back online, the worker delivers both: the builder shows what the server created, even on this screen.
    const detail = buildPrescriptionDetail({
      id: 8123,
      patient: {
        id: 950,
        display_name: 'Julián Torres',
        account_deleted: false,
        email: 'julian@correo.test',
        document_number: '1020304050',
      },
    });
    setItems([
      buildOutboxItem({ ...patient!.meta, id: patient!.key, state: 'delivered', response: { patient: { id: 950 } } }),
      buildOutboxItem({ ...prescription!.meta, id: prescription!.key, state: 'delivered', response: detail }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Prescripción creada' })).toBeTruthy();
    expect(draftOf()?.prescriptionCreated?.id).toBe(8123);
    expect(draftOf()?.patient).toMatchObject({ id: 950 });
    expect(draftOf()?.patient?.pendingKey).toBeUndefined();
  });

  it('shows why the server refused a prescription sent offline, and reopens the draft to correct it', async () => {
    const prescriptions = await summaryForMarianaOffline('/prescriptions');
    await userEvent.click(screen.getByRole('button', { name: 'Crear prescripción' }));
    expect(await screen.findByRole('heading', { name: 'Prescripción por enviar' })).toBeTruthy();
    const [sent] = prescriptions;
    expect((sent?.body as CreatePrescriptionRequestDto).patientId).toBe(501);

    setItems([
      buildOutboxItem({
        ...sent!.meta,
        id: sent!.key,
        state: 'rejected',
        status: 422,
        error: { reason: 'rejected', message: 'Producto 1 ya no tiene stock.' },
      }),
    ]);
    expect(await screen.findByText('El servidor no aceptó la prescripción para Mariana Gómez Ortiz.')).toBeTruthy();
    expect(screen.getByText('Producto 1 ya no tiene stock.')).toBeTruthy();
    worker!.asked.length = 0;
    await userEvent.click(screen.getByRole('button', { name: 'Volver al borrador' }));
    expect(await screen.findByRole('heading', { name: 'Resumen' })).toBeTruthy();
    expect(worker!.asked).toContainEqual({ type: OUTBOX_MESSAGES.discard, id: sent!.key });
    expect(draftOf()?.idempotencyKey).not.toBe(sent!.key);
    expect(draftOf()?.functionalTools.map((tool) => tool.name)).toEqual(['Producto 1']);
  });

  it('saves a template offline: kept with its key, listed as pending in the picker, then as any other once delivered', async () => {
    const templates = await summaryForMarianaOffline('/prescription-templates');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar como plantilla' }));
    const form = await screen.findByRole('form', { name: 'Guardar plantilla' });
    await userEvent.clear(within(form).getByLabelText(/^Nombre de la plantilla/));
    // Checked with the server's schema before anything is kept.
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar plantilla' }));
    expect(within(form).getByText('Campo obligatorio')).toBeTruthy();
    expect(templates).toHaveLength(0);
    await fill(within(form).getByLabelText(/^Nombre de la plantilla/), 'Fatiga sin conexión');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar plantilla' }));
    expect(
      await screen.findByText(/la plantilla «Fatiga sin conexión» quedó guardada en este dispositivo/),
    ).toBeTruthy();
    const [sent] = templates;
    expect(sent?.meta).toEqual({ kind: 'template', country: 'co', author: DOCTOR_UID, label: 'Fatiga sin conexión' });
    expect(sent?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.body).toMatchObject({ name: 'Fatiga sin conexión', tools: [{ productId: 1 }] });

    await userEvent.click(screen.getByRole('button', { name: 'Atrás' }));
    await userEvent.click(screen.getByRole('button', { name: 'Atrás' }));
    await userEvent.click(await screen.findByText('Empezar desde una plantilla'));
    const waiting = await screen.findByRole('list', { name: 'Plantillas por enviar' });
    expect(within(waiting).getByText('Fatiga sin conexión')).toBeTruthy();
    expect(within(waiting).getByText('Pendiente de envío')).toBeTruthy();

    // Delivered: the server has it, the picker asks for the list again and offers it.
    prescriptionFixtures.templates.push({
      id: 77,
      name: 'Fatiga sin conexión',
      type: 'prescription',
      toolCount: 1,
      createdAt: new Date().toISOString(),
      notes: '',
      tools: [],
      problems: [],
    });
    setItems([buildOutboxItem({ ...sent!.meta, id: sent!.key, state: 'delivered', response: { id: 77 } })]);
    expect(await screen.findByRole('option', { name: /^Fatiga sin conexión · / })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Plantillas por enviar' })).toBeNull();
  });

  it("lists the user's pending uploads with their state and reason, retries one and discards another", async () => {
    items = [
      buildOutboxItem({ id: 'clave-pendiente', label: 'Ana Gómez', detail: 'ana@correo.test' }),
      buildOutboxItem({
        id: 'clave-rechazada',
        kind: 'credential',
        label: 'tarjeta.pdf',
        state: 'rejected',
        status: 413,
        error: { reason: 'rejected', message: 'El archivo supera el tamaño máximo de 10 MB.' },
      }),
      buildOutboxItem({
        id: 'clave-enviada',
        kind: 'prescription',
        label: 'Luis Díaz',
        state: 'delivered',
        deliveredAt: Date.parse('2026-11-20T16:00:00Z'),
        response: buildPrescriptionDetail({
          id: 77,
          patient: { id: 12, display_name: 'Luis Díaz', account_deleted: false, email: '', document_number: '' },
        }),
      }),
      buildOutboxItem({ id: 'clave-ajena', author: 'uid-otra-cuenta', label: 'Paciente de otra cuenta' }),
    ];
    worker = installFakeServiceWorker(items);
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/envios-pendientes');
    expect(await screen.findByRole('heading', { name: 'Envíos pendientes', level: 1 })).toBeTruthy();
    // The header counts this user's items that have not gone: one waiting, one refused.
    expect(await screen.findByRole('link', { name: 'Envíos pendientes: 2' })).toBeTruthy();

    const attention = screen.getByRole('region', { name: 'Necesitan tu atención' });
    expect(within(attention).getByText('tarjeta.pdf')).toBeTruthy();
    expect(within(attention).getByRole('alert').textContent).toBe('El archivo supera el tamaño máximo de 10 MB.');
    const waiting = screen.getByRole('region', { name: 'Por enviar' });
    expect(within(waiting).getByText('Se enviará al recuperar la conexión')).toBeTruthy();
    expect(within(waiting).getByText('Sin conexión con el servidor.')).toBeTruthy();
    const sent = screen.getByRole('region', { name: 'Enviados recientemente' });
    expect(within(sent).getByRole('link', { name: 'Ver resultado' }).getAttribute('href')).toBe(
      '/co/mi-cuenta/mis-pacientes/12/estrategias/77',
    );
    expect(screen.queryByText('Paciente de otra cuenta')).toBeNull();
    expect(screen.getByText(/Hay 1 envío de otra cuenta en este dispositivo: se enviará/)).toBeTruthy();

    worker.asked.length = 0;
    await userEvent.click(within(attention).getByRole('button', { name: 'Reintentar ahora' }));
    await waitFor(() =>
      expect(worker?.asked).toContainEqual(
        expect.objectContaining({ type: OUTBOX_MESSAGES.retry, id: 'clave-rechazada' }),
      ),
    );

    await userEvent.click(within(waiting).getByRole('button', { name: 'Descartar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('¿Descartar «Ana Gómez»?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descartar envío' }));
    await waitFor(() => expect(screen.queryByText('Ana Gómez')).toBeNull());
    expect(worker.asked).toContainEqual({ type: OUTBOX_MESSAGES.discard, id: 'clave-pendiente' });
    expect(await screen.findByRole('link', { name: 'Envíos pendientes: 1' })).toBeTruthy();
  });
});
