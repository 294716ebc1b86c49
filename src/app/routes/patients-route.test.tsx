import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PATIENTS_PAGE_SIZE } from '../../lib/shared/prescriptions';
import {
  buildDeletedAccountPatient,
  buildPatient,
  buildPrescriptionDetail,
  buildStrategy,
  prescriptionFixtures,
} from '../../testing/handlers/prescriptions';
import { TEST_API } from '../../testing/api-url';
import { server } from '../../testing/msw-server';
import { textsByRole } from '../../testing/queries';
import { formRefusal } from '../../testing/handlers/http-shapes';
import { arrivesAt, renderApp } from '../../testing/render';
import { typePatient } from '../../testing/patient-form';
import { loggedInAs } from '../../testing/session';
import { fill } from '../../testing/fill';

describe('my patients', () => {
  it('lists the patients with name, e-mail, country, phone and type ID, and searches by name or e-mail', async () => {
    prescriptionFixtures.patients = [
      buildPatient(),
      buildPatient({
        id: 502,
        first_name: 'Julián',
        last_name: 'Torres',
        email: 'julian@correo.test',
        account_status: 'invited',
        complete: false,
        gender: null,
      }),
    ];
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pacientes');
    const table = await screen.findByRole('table', { name: 'Tus pacientes' });
    expect(textsByRole(table, 'columnheader')).toEqual([
      'Nombre',
      'Tratamiento',
      'Correo electrónico',
      'País',
      'Teléfono',
      'Tipo ID',
    ]);
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(textsByRole(first, 'cell')).toEqual(['—', 'paciente.co@demo.test', 'Colombia', '+57 3101000004', 'CC']);
    expect(within(table).getByText('Ficha incompleta')).toBeTruthy();
    expect(within(table).getByText('Invitado')).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar por nombre o correo' }), 'julian');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByRole('link', { name: 'Julián Torres' })).toBeTruthy();

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Buscar por nombre o correo' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar por nombre o correo' }), 'nadie');
    expect(await screen.findByText('No encontramos pacientes que coincidan con «nadie».')).toBeTruthy();
  });

  it('names a deleted account’s record in the interface’s words, in the list and in its page', async () => {
    prescriptionFixtures.patients = [buildDeletedAccountPatient(503)];
    await loggedInAs('co');
    const { router } = await renderApp('/co/mi-cuenta/mis-pacientes');
    const table = await screen.findByRole('table', { name: 'Tus pacientes' });
    const link = within(table).getByRole('link', { name: 'Paciente con la cuenta eliminada' });
    expect(within(table).queryByText('Paciente eliminada')).toBeNull();
    await userEvent.click(link);
    await arrivesAt(router, '/co/mi-cuenta/mis-pacientes/503');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paciente con la cuenta eliminada' })).toBeTruthy();
  });

  it('pages the patients with links that keep the search', async () => {
    prescriptionFixtures.patients = Array.from({ length: PATIENTS_PAGE_SIZE + 3 }, (_, index) =>
      buildPatient({ id: 600 + index, first_name: `Ana ${index + 1}`, email: `ana${index + 1}@correo.test` }),
    );
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pacientes?buscar=ana');
    const pager = await screen.findByRole('navigation', { name: 'Páginas de pacientes' });
    expect(within(pager).getByText('Página 1 de 2')).toBeTruthy();
    const next = within(pager).getByRole('link', { name: 'Siguiente' });
    expect(next.getAttribute('href')).toBe('/co/mi-cuenta/mis-pacientes?buscar=ana&pagina=2');

    await userEvent.click(next);
    expect(await within(pager).findByText('Página 2 de 2')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Tus pacientes' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(pager).getByRole('link', { name: 'Anterior' }).getAttribute('href')).toBe(
      '/co/mi-cuenta/mis-pacientes?buscar=ana',
    );
  });

  it('sends a retried patient with the same Idempotency-Key, and the next patient with a new one', async () => {
    prescriptionFixtures.patients = [];
    let failures = 1;
    let lastRefusedKey: string | null = null;
    server.use(
      http.post(`${TEST_API}/patients`, ({ request }) => {
        if (failures === 0) return undefined;
        failures -= 1;
        lastRefusedKey = request.headers.get('idempotency-key');
        return HttpResponse.json({ message: 'Servicio no disponible' }, { status: 503 });
      }),
    );
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pacientes');
    await userEvent.click(await screen.findByRole('button', { name: 'Crear paciente' }));
    const form = await screen.findByRole('form', { name: 'Crear paciente' });
    await typePatient(form);
    const send = within(form).getByRole('button', { name: 'Crear paciente y enviar invitación' });
    await userEvent.click(send);
    expect(await within(form).findByRole('alert')).toBeTruthy();
    await userEvent.click(send);
    expect(await screen.findByText(/Creamos a Julián Torres/)).toBeTruthy();

    expect(prescriptionFixtures.patientKeys).toHaveLength(1);
    const [delivered] = prescriptionFixtures.patientKeys;
    expect(delivered).toMatch(/^[0-9a-f-]{36}$/);
    expect(lastRefusedKey).toBe(delivered);
  });

  it('places the server’s refusal at its field, with the general message, until the field is edited', async () => {
    prescriptionFixtures.patients = [];
    const refusal = 'Este correo ya pertenece a otro paciente registrado.';
    server.use(
      http.post(`${TEST_API}/patients`, () =>
        formRefusal([{ field: 'email', message: refusal }], { status: 409, message: refusal }),
      ),
    );
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pacientes');
    await userEvent.click(await screen.findByRole('button', { name: 'Crear paciente' }));
    const form = await screen.findByRole('form', { name: 'Crear paciente' });
    await typePatient(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Crear paciente y enviar invitación' }));

    const email = within(form).getByLabelText(/^Correo electrónico/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const description = () =>
      (email.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    expect(description()).toBe(refusal);
    // The general message stays, and the other fields are not marked.
    expect(textsByRole(form, 'alert')).toEqual([refusal, refusal]);
    expect(
      within(form)
        .getByLabelText(/^Número de documento/)
        .getAttribute('aria-invalid'),
    ).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(email));

    await userEvent.type(email, 'x');
    expect(email.getAttribute('aria-invalid')).toBe('false');
    expect(description()).toBe('');
  });

  it('shows an empty state', async () => {
    prescriptionFixtures.patients = [];
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pacientes');
    expect(await screen.findByText(/Aún no tienes pacientes/)).toBeTruthy();
  });

  it('creates a patient: required marks and messages, then the invitation is sent', async () => {
    prescriptionFixtures.patients = [];
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pacientes');
    await userEvent.click(await screen.findByRole('button', { name: 'Crear paciente' }));
    const form = await screen.findByRole('form', { name: 'Crear paciente' });
    const requiredLabels = [...form.querySelectorAll('.field__required')].map((mark) =>
      mark.parentElement?.textContent?.replace(' *', ''),
    );
    expect(requiredLabels).toEqual([
      'Nombres',
      'Apellidos',
      'Fecha de nacimiento',
      'Correo electrónico',
      'Número de documento',
      'Número de teléfono',
      'Declaro que tengo la autorización del paciente para registrar sus datos de salud en el dispensario',
    ]);
    const attestation = within(form).getByRole('checkbox', { name: /Declaro que tengo la autorización del paciente/ });
    expect((attestation as HTMLInputElement).checked).toBe(false);

    await userEvent.click(within(form).getByRole('button', { name: 'Crear paciente y enviar invitación' }));
    expect(await within(form).findAllByText('Debes completar este campo')).toHaveLength(6);
    expect(
      within(form).getByText('Confirma que tienes la autorización del paciente para registrar sus datos de salud.'),
    ).toBeTruthy();
    expect(prescriptionFixtures.createdPatients).toHaveLength(0);

    await fill(within(form).getByLabelText(/^Nombres/), 'Julián');
    await fill(within(form).getByLabelText(/^Apellidos/), 'Torres');
    await fill(within(form).getByLabelText(/^Fecha de nacimiento/), '2099-02-28');
    await fill(within(form).getByLabelText(/^Correo electrónico/), 'julian@correo');
    await fill(within(form).getByLabelText(/^Número de documento/), '1020304050');
    await fill(within(form).getByLabelText(/^Número de teléfono/), '3105550000');
    await userEvent.click(within(form).getByRole('button', { name: 'Crear paciente y enviar invitación' }));
    // The server's own rules, checked as the professional types.
    expect(await within(form).findByText('La fecha de nacimiento no puede ser futura.')).toBeTruthy();
    expect(within(form).getByText('Escribe un correo electrónico válido.')).toBeTruthy();
    await userEvent.clear(within(form).getByLabelText(/^Fecha de nacimiento/));
    await fill(within(form).getByLabelText(/^Fecha de nacimiento/), '1988-02-28');
    await fill(within(form).getByLabelText(/^Correo electrónico/), '.test');
    await userEvent.click(attestation);
    await userEvent.click(within(form).getByRole('button', { name: 'Crear paciente y enviar invitación' }));

    expect(
      await screen.findByText(/Creamos a Julián Torres y le enviamos una invitación a julian@correo.test/),
    ).toBeTruthy();
    expect(screen.getByTestId('invitation-link').textContent).toContain('/co/registro?invitacion=');
    expect(prescriptionFixtures.createdPatients[0]).toEqual({
      first_name: 'Julián',
      last_name: 'Torres',
      birth_date: '1988-02-28',
      gender: null,
      email: 'julian@correo.test',
      country_id: 1,
      document_type_id: null,
      document_number: '1020304050',
      country_code: '+57',
      phone_number: '3105550000',
      consent_attested: true,
    });
    // Not every field was filled: the patient's record is incomplete, and the list shows it.
    expect(screen.getByText(/Su ficha está incompleta/)).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Julián Torres' })).toBeTruthy();
  }, 30_000);
});

describe('patient info with strategies', () => {
  it('edits the patient with edit, cancel and save', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pacientes/501');
    expect(await screen.findByRole('heading', { name: 'Mariana Gómez Ortiz' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Editar' }));
    const form = await screen.findByRole('form', { name: 'Editar paciente' });
    await userEvent.clear(within(form).getByLabelText(/^Número de teléfono/));
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('Debes completar este campo')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByText('+57 3101000004')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Editar' }));
    const again = await screen.findByRole('form', { name: 'Editar paciente' });
    await userEvent.clear(within(again).getByLabelText(/^Número de teléfono/));
    await fill(within(again).getByLabelText(/^Número de teléfono/), '3119998888');
    await userEvent.click(within(again).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardamos los cambios del paciente.')).toBeTruthy();
    expect(screen.getByText('+57 3119998888')).toBeTruthy();
    expect(prescriptionFixtures.patients[0]?.phone_number).toBe('3119998888');
  });

  it('shows a refused edit at its field, and the patient keeps the saved value', async () => {
    const refusal = 'Este documento ya pertenece a otro paciente registrado.';
    server.use(
      http.patch(`${TEST_API}/patients/:id`, () =>
        formRefusal([{ field: 'document_number', message: refusal }], { status: 409, message: refusal }),
      ),
    );
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pacientes/501');
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const form = await screen.findByRole('form', { name: 'Editar paciente' });
    const documentNumber = within(form).getByLabelText(/^Número de documento/);
    const saved = (documentNumber as HTMLInputElement).value;
    await userEvent.clear(documentNumber);
    await fill(documentNumber, '99887766');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(documentNumber.getAttribute('aria-invalid')).toBe('true'));
    const errorId = documentNumber.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe(refusal);
    expect(prescriptionFixtures.patients[0]?.document_number).toBe(saved);
  });

  it('splits own strategies from other professionals’ and searches them by date', async () => {
    const own = buildPrescriptionDetail({ id: 7001, createdAt: '2026-11-10T15:00:00.000Z' });
    prescriptionFixtures.prescriptions = [own];
    prescriptionFixtures.strategies[501] = {
      own: [
        buildStrategy({ id: 7001, createdAt: '2026-11-10T15:00:00.000Z' }),
        buildStrategy({
          id: 6001,
          createdAt: '2026-09-01T15:00:00.000Z',
          categories: [{ id: 4, name: 'Hormonas bioidénticas' }],
          status: 'finished',
          toolCount: 1,
        }),
      ],
      others: [
        buildStrategy({
          id: 7100,
          createdAt: '2026-11-12T15:00:00.000Z',
          type: 'recommendation',
          categories: [{ id: 2, name: 'Probióticos' }],
          toolCount: 1,
          author: { id: 12, display_name: 'Andrés Salazar', role: 'health_professional' },
        }),
      ],
    };
    await loggedInAs('co');
    const { router } = await renderApp('/co/mi-cuenta/mis-pacientes/501');
    const mine = await screen.findByRole('table', { name: 'Mis estrategias' });
    expect(textsByRole(mine, 'columnheader')).toEqual(['Fecha', 'Tipo', 'Categoría', 'Estado', 'Profesional']);
    expect(within(mine).getAllByRole('row')).toHaveLength(3);
    const others = screen.getByRole('table', { name: 'De otros profesionales' });
    expect(others.textContent).toContain('Recomendación');
    expect(others.textContent).toContain('Andrés Salazar');
    expect(screen.getByText(/Solo lectura/)).toBeTruthy();

    await fill(screen.getByLabelText('Desde'), '2026-11-01');
    await fill(screen.getByLabelText('Hasta'), '2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar por fecha' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Mis estrategias' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(prescriptionFixtures.strategySearches).toContain('2026-11-01..2026-11-30');

    await userEvent.click(screen.getByRole('link', { name: '10 de noviembre de 2026' }));
    await arrivesAt(router, '/co/mi-cuenta/mis-pacientes/501/estrategias/7001');
    expect(await screen.findByRole('heading', { name: 'Prescripción del 10 de noviembre de 2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Guardar como plantilla' })).toBeTruthy();
  });

  it('says a patient outside the register is not found', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pacientes/999');
    expect(await screen.findByRole('heading', { name: 'Paciente no encontrado' })).toBeTruthy();
  });

  it('starts a prescription for the patient from their page', async () => {
    await loggedInAs('co');
    const { router } = await renderApp('/co/mi-cuenta/mis-pacientes/501');
    await userEvent.click(await screen.findByRole('link', { name: 'Nueva prescripción' }));
    // The builder takes the patient from the link's query, then drops it from the address.
    await arrivesAt(router, '/co/mi-cuenta/prescripcion', '');
    expect(await screen.findByRole('heading', { name: 'Nueva prescripción' })).toBeTruthy();
    expect((await screen.findByRole('button', { name: /Mariana Gómez Ortiz/ })).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });
});
