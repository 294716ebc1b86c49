import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appStore } from '../../../lib/store';
import { setContactSettings } from '../../../testing/handlers/contact';
import { arrivesAt, renderApp } from '../../../testing/render';
import { sessionsAtom } from '../../../lib/session/atoms';
import { fill } from '../../../testing/fill';

async function fillDoctorStepOne() {
  await fill(await screen.findByLabelText(/Nombres/), 'Laura');
  await fill(screen.getByLabelText(/Apellidos/), 'Vélez');
  await fill(screen.getByLabelText(/Número de documento/), '80123456');
  await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
}

describe('registration', () => {
  it('asks a patient without invitation to contact an agent or decline', async () => {
    await renderApp('/co/registro');
    await userEvent.click(await screen.findByRole('button', { name: /Soy paciente/ }));
    const dialog = await screen.findByRole('dialog', { name: 'El registro de pacientes es por invitación' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'No, gracias' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers "Hablar con un asesor" through the country’s chat saved on the server', async () => {
    setContactSettings('co', { chatNumber: '573015550190', updatedAt: '2026-11-20T15:00:00.000Z' });
    await renderApp('/co/registro');
    await userEvent.click(await screen.findByRole('button', { name: /Soy paciente/ }));
    const dialog = await screen.findByRole('dialog', { name: 'El registro de pacientes es por invitación' });
    const advisor = await within(dialog).findByRole('link', { name: /^Hablar con un asesor/ });
    await waitFor(() => expect(advisor.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/573015550190\?text=/));
    expect(new URL(advisor.getAttribute('href') ?? '').searchParams.get('text')).toBe(
      'Hola, quiero registrarme como paciente en el Dispensario Funcional y no tengo invitación.',
    );
  });

  it('without a chat, "Hablar con un asesor" opens the request form that reaches the admins', async () => {
    const { router } = await renderApp('/co/registro');
    await userEvent.click(await screen.findByRole('button', { name: /Soy paciente/ }));
    const dialog = await screen.findByRole('dialog', { name: 'El registro de pacientes es por invitación' });
    await userEvent.click(within(dialog).getByRole('link', { name: 'Hablar con un asesor' }));
    await arrivesAt(router, '/co/solicitar-atencion');

    expect(await screen.findByRole('heading', { name: 'Hablar con un asesor', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/co/solicitar-atencion?motivo=asesor');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('walks a doctor through two steps, marks required fields and shows the server list of errors', async () => {
    await renderApp('/co/registro');
    await userEvent.click(await screen.findByRole('button', { name: /Soy médico/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Siguiente' }));
    expect(screen.getAllByText('Campo obligatorio').length).toBeGreaterThanOrEqual(3);

    await fillDoctorStepOne();
    expect(await screen.findByLabelText(/Correo electrónico/)).toBeTruthy();
    await fill(screen.getByLabelText(/Correo electrónico/), 'medico.co@demo.test');
    await fill(screen.getByLabelText(/^Contraseña/), 'Segura123');
    await userEvent.click(screen.getByRole('checkbox', { name: /Acepto los términos/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Autorizo el tratamiento de mis datos de salud/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    const alert = await screen.findByText('Revisa estos datos:');
    expect(alert.closest('[role="alert"]')?.textContent).toContain('Ya existe una cuenta con este correo.');
  });

  it('asks the health-data consent apart from the terms: unticked, with the country’s legal text', async () => {
    await renderApp('/co/registro');
    await userEvent.click(await screen.findByRole('button', { name: /Soy médico/ }));
    await fillDoctorStepOne();
    await fill(await screen.findByLabelText(/Correo electrónico/), 'sin.autorizacion@correo.test');
    await fill(screen.getByLabelText(/^Contraseña/), 'Segura123');
    await userEvent.click(screen.getByRole('checkbox', { name: /Acepto los términos/ }));
    const consent = screen.getByRole('checkbox', { name: /Autorizo el tratamiento de mis datos de salud/ });
    expect((consent as HTMLInputElement).checked).toBe(false);
    expect(consent.getAttribute('aria-describedby')).toBe('health_data_consent-help');
    expect(document.getElementById('health_data_consent-help')?.textContent).toContain('Ley 1581 de 2012');
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect((await screen.findAllByText(/Debes autorizar el tratamiento de tus datos de salud/)).length).toBeGreaterThan(
      0,
    );
    expect(screen.queryByText('¡Tu cuenta está lista!')).toBeNull();
  });

  it('registers, logs in and goes to personal data after a second', async () => {
    const { router } = await renderApp('/co/registro');
    await userEvent.click(await screen.findByRole('button', { name: /Soy médico/ }));
    await fillDoctorStepOne();
    await fill(await screen.findByLabelText(/Correo electrónico/), 'laura.velez@correo.test');
    await fill(screen.getByLabelText(/^Contraseña/), 'Segura123');
    await userEvent.click(screen.getByRole('checkbox', { name: /Acepto los términos/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Autorizo el tratamiento de mis datos de salud/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('¡Tu cuenta está lista!')).toBeTruthy();
    expect(appStore.get(sessionsAtom).co?.user.email).toBe('laura.velez@correo.test');
    await arrivesAt(router, '/co/mi-cuenta/datos-personales');
  });

  it('prefills and locks what an invitation fixes', async () => {
    await renderApp('/co/registro?invitacion=invitacion-valida');
    expect(await screen.findByText(/Carolina Mejía te invitó/)).toBeTruthy();
    const names = await screen.findByLabelText(/Nombres/);
    expect((names as HTMLInputElement).value).toBe('Lucía');
    expect((names as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText(/Número de documento/) as HTMLInputElement).disabled).toBe(true);
  });

  it('starts from the birth date and phone the professional already entered, which the patient may correct', async () => {
    await renderApp('/co/registro?invitacion=invitacion-valida');
    const birthDate = (await screen.findByLabelText(/Fecha de nacimiento/)) as HTMLInputElement;
    expect(birthDate.value).toBe('1991-07-12');
    expect(birthDate.disabled).toBe(false);
    const phone = screen.getByLabelText(/Número de celular/) as HTMLInputElement;
    expect(phone.value).toBe('3104445566');
    await userEvent.clear(phone);
    await fill(phone, '3001234567');
    expect(phone.value).toBe('3001234567');
  });

  it('explains an invalid invitation', async () => {
    await renderApp('/co/registro?invitacion=vencida');
    expect((await screen.findByRole('alert')).textContent).toContain('La invitación no es válida o ya expiró.');
  });
});
