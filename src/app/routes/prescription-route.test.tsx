import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { draftAtomFor, prescriptionDraftsAtom } from '../../features/prescriptions/atoms';
import { createDraft, draftKey, PRESCRIPTION_DRAFTS_STORAGE_KEY } from '../../features/prescriptions/draft';
import { readValue, writeValue } from '../../lib/db';
import { ROLE_IDS } from '../../lib/shared/accounts';
import { DEFAULT_PRESCRIPTION_SETTINGS } from '../../lib/shared/prescriptions';
import { appStore, flushPersistedState, restorePersistedState } from '../../lib/store';
import { TEST_API } from '../../testing/api-url';
import { buildProduct } from '../../testing/data';
import {
  buildDeletedAccountPatient,
  buildPatient,
  buildPrescriptionDetail,
  buildTemplate,
  buildTemplateTool,
  buildToolInput,
  prescriptionFixtures,
} from '../../testing/handlers/prescriptions';
import { server } from '../../testing/msw-server';
import { renderApp } from '../../testing/render';
import { loggedInAs } from '../../testing/session';
import { fill } from '../../testing/fill';

const DOCTOR_UID = 'uid-doctor-0000000000000001';
const draftOf = (uid = DOCTOR_UID) => appStore.get(draftAtomFor(draftKey(uid, 'co')));

async function choosePatientAndTools(names: string[]) {
  await userEvent.click(await screen.findByRole('button', { name: /Mariana Gómez Ortiz/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
  for (const name of names) {
    const card = await screen.findByRole('article', { name });
    await userEvent.click(within(card).getByRole('button', { name: 'Agregar' }));
  }
  await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
}

async function fillIndications() {
  await userEvent.click(screen.getByRole('checkbox', { name: 'Antes de dormir' }));
  const quantity = screen.getByRole('spinbutton', { name: 'Cantidad Antes de dormir' });
  await userEvent.clear(quantity);
  await userEvent.type(quantity, '2');
}

const SIX_WEEKS = { time: 'weeks', quantity: 6 } as const;

describe('prescription builder (doctor)', () => {
  it('creates a prescription in four steps with validation, indications and an Idempotency-Key', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/prescripcion');
    expect(await screen.findByRole('heading', { name: 'Nueva prescripción' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Siguiente' }).hasAttribute('disabled')).toBe(true);

    await choosePatientAndTools(['Producto 1', 'Producto 2']);
    expect(screen.getByRole('heading', { name: 'Indicaciones' })).toBeTruthy();

    // Going on without indications is refused, and the first incomplete tool says what it lacks.
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Completa las indicaciones de cada herramienta para continuar.')).toBeTruthy();
    expect(screen.getByText('Elige al menos un momento del día.')).toBeTruthy();

    await fillIndications();
    expect(screen.getByText(/Para 1 mes se necesitan 1 unidad/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Producto 2/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Con el desayuno' }));
    const units = screen.getByRole('spinbutton', { name: /Unidades del producto/ });
    await userEvent.clear(units);
    await userEvent.type(units, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));

    expect(await screen.findByRole('heading', { name: 'Resumen' })).toBeTruthy();
    expect(screen.getByText('Antes de dormir: 2')).toBeTruthy();
    expect(screen.getByText('3 unidades')).toBeTruthy();
    await fill(screen.getByRole('textbox', { name: 'Observaciones generales' }), 'Control en un mes');

    const key = draftOf()?.idempotencyKey;
    await userEvent.click(screen.getByRole('button', { name: 'Crear prescripción' }));
    expect(await screen.findByRole('heading', { name: 'Prescripción creada' })).toBeTruthy();
    expect(prescriptionFixtures.created).toHaveLength(1);
    expect(prescriptionFixtures.created[0]?.key).toBe(key);
    expect(prescriptionFixtures.created[0]?.body).toEqual({
      patientId: 501,
      type: 'prescription',
      notes: 'Control en un mes',
      templateId: null,
      tools: [buildToolInput(1, [{ id: 10, quantity: 2 }], 1), buildToolInput(2, [{ id: 3, quantity: 1 }], 3)],
    });
    expect(draftOf()?.prescriptionCreated?.id).toBe(8000);

    // A new prescription starts a new draft with a new key.
    await userEvent.click(screen.getByRole('button', { name: 'Crear otra prescripción' }));
    expect(await screen.findByRole('heading', { name: 'Nueva prescripción' })).toBeTruthy();
    expect(draftOf()?.idempotencyKey).not.toBe(key);
    expect(draftOf()?.functionalTools).toEqual([]);
  });

  it('offers no deleted account, and shows a patient who revoked consent as not choosable, saying why', async () => {
    prescriptionFixtures.patients = [
      buildPatient(),
      buildPatient({ id: 2, first_name: 'Lucía', last_name: 'Pardo', consent_status: 'revoked' }),
      buildDeletedAccountPatient(3),
    ];
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/prescripcion');

    const revoked = await screen.findByRole('button', { name: /Lucía Pardo/ });
    expect(revoked.hasAttribute('disabled')).toBe(true);
    expect(
      within(revoked).getByText('Revocada por el paciente: no puedes emitirle nuevas prescripciones'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /Mariana Gómez Ortiz/ }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('button', { name: /Paciente eliminada/ })).toBeNull();
  });

  it('names a deleted account’s prescription in the interface’s words in the issued list', async () => {
    prescriptionFixtures.prescriptions = [
      buildPrescriptionDetail({
        id: 41,
        patient: {
          id: 9,
          display_name: 'Paciente eliminada',
          account_deleted: true,
          email: 'paciente-9@eliminado.invalid',
          document_number: '',
        },
      }),
    ];
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/prescripcion');
    await userEvent.click(await screen.findByText('Prescripciones emitidas'));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Paciente con la cuenta eliminada')).toBeTruthy();
    expect(within(table).queryByText('Paciente eliminada')).toBeNull();
  });

  it('asks before accepting fewer units than the duration needs, and offers the units needed', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/prescripcion');
    await choosePatientAndTools(['Producto 1']);
    // 2 a day for 2 months with 60 capsules per bottle: 2 bottles, 1 is prescribed.
    await fillIndications();
    const duration = screen.getByRole('spinbutton', { name: /Duración/ });
    await userEvent.clear(duration);
    await userEvent.type(duration, '2');
    expect(screen.getByText('Para 2 meses se necesitan 2 unidades: con 1 unidad no alcanza.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Producto 1: para 2 meses se necesitan 2 unidades y indicaste 1 unidad.');
    expect(screen.queryByRole('heading', { name: 'Resumen' })).toBeNull();

    await userEvent.click(within(alert).getByRole('button', { name: 'Usar las unidades necesarias' }));
    expect((screen.getByRole('spinbutton', { name: /Unidades del producto/ }) as HTMLInputElement).value).toBe('2');
    expect(screen.queryByRole('alert')).toBeNull();

    // Fewer units again: confirmed on purpose, the summary keeps them.
    const units = screen.getByRole('spinbutton', { name: /Unidades del producto/ });
    await userEvent.clear(units);
    await userEvent.type(units, '1');
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar con menos unidades' }));
    expect(await screen.findByRole('heading', { name: 'Resumen' })).toBeTruthy();
    expect(screen.getByText('1 unidad')).toBeTruthy();
    expect(draftOf()?.functionalTools[0]?.units).toBe(1);
  });

  it('follows the admins’ settings: a renamed moment, a hidden one, the default duration and notes', async () => {
    prescriptionFixtures.settings = {
      moments: DEFAULT_PRESCRIPTION_SETTINGS.moments.map((moment) =>
        moment.id === 10
          ? { ...moment, label: 'Al acostarse' }
          : moment.id === 4
            ? { ...moment, enabled: false }
            : moment,
      ),
      defaultDuration: { time: 'weeks', quantity: 6 },
      defaultIndications: 'Tomar con abundante agua.',
    };
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/prescripcion');
    await choosePatientAndTools(['Producto 1']);
    expect(screen.getByRole('checkbox', { name: 'Al acostarse' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Antes de dormir' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Media mañana' })).toBeNull();
    expect(draftOf()?.functionalTools[0]).toMatchObject({
      prescriptionDuration: { time: 'weeks', quantity: 6 },
      prescriptionIndications: 'Tomar con abundante agua.',
    });
  });

  it('sends a replay after a lost answer with the same key, so only one prescription exists', async () => {
    // The first request's answer is lost on the way back (the connection drops).
    const keys: (string | null)[] = [];
    server.use(
      http.post(`${TEST_API}/prescriptions`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return keys.length === 1 ? HttpResponse.error() : undefined;
      }),
    );
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/prescripcion');
    await choosePatientAndTools(['Producto 1']);
    await fillIndications();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Crear prescripción' }));
    expect(await screen.findByText(/Tu borrador queda guardado en este dispositivo/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Crear prescripción' }));
    expect(await screen.findByRole('heading', { name: 'Prescripción creada' })).toBeTruthy();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[0]).toBe(draftOf()?.idempotencyKey);
    expect(prescriptionFixtures.prescriptions).toHaveLength(1);
  });

  it('opens a new draft at once and stores it with its first change, replacing a draft of the other kind', async () => {
    const key = draftKey(DOCTOR_UID, 'co');
    const recommendation = { ...createDraft('recommendation'), notes: 'De cuando era profesional de la salud' };
    await writeValue(PRESCRIPTION_DRAFTS_STORAGE_KEY, { [key]: recommendation });
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/prescripcion');
    expect(await screen.findByRole('heading', { name: 'Nueva prescripción' })).toBeTruthy();
    // Shown, not yet written: opening the screen changes nothing on the device.
    expect(draftOf()).toEqual(recommendation);

    await userEvent.click(await screen.findByRole('button', { name: /Mariana Gómez Ortiz/ }));
    const stored = draftOf();
    expect(stored?.prescriptionType).toBe('prescription');
    expect(stored?.patient?.name).toBe('Mariana Gómez Ortiz');
    expect(stored?.notes).toBe('');
    expect(stored?.idempotencyKey).not.toBe(recommendation.idempotencyKey);
  });

  it('keeps the draft in IndexedDB, per professional and country, and finds it again after a remount', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/prescripcion');
    await choosePatientAndTools(['Producto 3']);
    await flushPersistedState();
    const stored = (await readValue(PRESCRIPTION_DRAFTS_STORAGE_KEY)) as Record<string, { step: number }>;
    expect(Object.keys(stored)).toEqual([draftKey(DOCTOR_UID, 'co')]);
    expect(stored[draftKey(DOCTOR_UID, 'co')]?.step).toBe(3);

    cleanup();
    await renderApp('/co/mi-cuenta/prescripcion');
    expect(await screen.findByRole('heading', { name: 'Indicaciones' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Producto 3' })).toBeTruthy();
    expect(screen.getByText('Paciente: Mariana Gómez Ortiz')).toBeTruthy();
  });

  it('restores a stored draft after a reload, repairing a corrupted record field by field', async () => {
    const key = draftKey(DOCTOR_UID, 'co');
    const good = createDraft('prescription');
    await writeValue(PRESCRIPTION_DRAFTS_STORAGE_KEY, {
      [key]: { ...good, step: 7, patient: { id: 501, name: 'Mariana Gómez Ortiz', email: 'm@x.co' }, notes: 5 },
      'otro:co': 'roto',
    });
    // A reload: a fresh store restores from IndexedDB.
    const store = createStore();
    await restorePersistedState(store);
    const restored = store.get(prescriptionDraftsAtom);
    expect(Object.keys(restored)).toEqual([key]);
    expect(restored[key]?.idempotencyKey).toBe(good.idempotencyKey);
    expect(restored[key]?.step).toBe(2);
    expect(restored[key]?.notes).toBe('');
    expect(restored[key]?.patient?.name).toBe('Mariana Gómez Ortiz');
  });

  it('starts from a template: the rest loads and a product no longer sold is named in Spanish', async () => {
    prescriptionFixtures.templates = [
      buildTemplate({
        problems: ['«Melatonina 3 mg» ya no se vende.'],
        tools: [
          buildTemplateTool(
            buildToolInput(4, [{ id: 10, quantity: 2 }], 2, {
              prescriptionDuration: SIX_WEEKS,
              prescriptionIndications: 'Con agua.',
            }),
            buildProduct({ id: 4, name: 'Producto 4' }),
          ),
          buildTemplateTool(
            buildToolInput(77, [{ id: 10, quantity: 1 }], 1, { prescriptionDuration: SIX_WEEKS }),
            null,
            'Melatonina 3 mg',
          ),
        ],
      }),
    ];
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/prescripcion');
    await userEvent.click(await screen.findByText('Empezar desde una plantilla'));
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Plantilla' }), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Usar plantilla' }));
    expect(await screen.findByText('Algunas herramientas de la plantilla no se cargaron:')).toBeTruthy();
    expect(screen.getByText('«Melatonina 3 mg» ya no se vende.')).toBeTruthy();
    expect(draftOf()?.functionalTools.map((tool) => [tool.productId, tool.units])).toEqual([[4, 2]]);
    expect(draftOf()?.selectedSuggestion).toBe(12);
  });
});

describe('the template picker', () => {
  it('is hidden, not removed, while the professional has no template, so an answer empty for a moment cannot close it', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/prescripcion');
    await screen.findByRole('heading', { name: 'Nueva prescripción' });
    const picker = screen.getByText('Empezar desde una plantilla').closest('details');
    picker?.setAttribute('open', '');
    await waitFor(() => expect(picker?.hidden).toBe(true));
    expect(picker?.open).toBe(true);
  });
});

describe('recommendation builder (health professional)', () => {
  it('hides hormones and professional-use products and says why', async () => {
    server.use(
      http.get(`${TEST_API}/products/categories`, () =>
        HttpResponse.json({
          data: [
            { id: 1, name: 'Vitaminas y minerales', slug: 'vitaminas-y-minerales', count: 1 },
            { id: 4, name: 'Hormonas bioidénticas', slug: 'hormonas-bioidenticas', count: 1 },
          ],
        }),
      ),
      http.get(`${TEST_API}/products`, () =>
        HttpResponse.json({
          data: [
            buildProduct({ id: 1, name: 'Magnesio' }),
            buildProduct({
              id: 40,
              name: 'Progesterona 100 mg',
              category_id: 4,
              category: { id: 4, name: 'Hormonas bioidénticas', slug: 'hormonas-bioidenticas' },
            }),
          ],
          total: 2,
          limit: 24,
          offset: 0,
        }),
      ),
    );
    const uid = 'uid-professional-000000001';
    await loggedInAs('co', { uid, role: { id: ROLE_IDS.health_professional, name: 'health_professional' } });
    await renderApp('/co/mi-cuenta/recomendaciones');
    expect(await screen.findByRole('heading', { name: 'Nueva recomendación' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: /Mariana Gómez Ortiz/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));

    expect(await screen.findByRole('article', { name: 'Magnesio' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Progesterona 100 mg' })).toBeNull();
    expect(
      screen.getByText(/Las hormonas bioidénticas y los productos de uso profesional requieren prescripción/),
    ).toBeTruthy();
    const option = screen.getByRole('option', { name: 'Hormonas bioidénticas (requiere prescripción médica)' });
    expect((option as HTMLOptionElement).disabled).toBe(true);
    expect(draftOf(uid)?.prescriptionType).toBe('recommendation');
  });

  it('refuses the doctor’s prescription screen to a health professional', async () => {
    await loggedInAs('co', { role: { id: ROLE_IDS.health_professional, name: 'health_professional' } });
    await renderApp('/co/mi-cuenta/prescripcion');
    expect(await screen.findByRole('heading', { name: 'Sección no disponible' })).toBeTruthy();
    await waitFor(() => expect(prescriptionFixtures.created).toHaveLength(0));
  });
});
