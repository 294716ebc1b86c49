import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fill } from './fill';

export interface PatientFormInput {
  firstName: string;
  lastName: string;
  birthDate: string;
  email: string;
  document: string;
  phone: string;
}

export const JULIAN: PatientFormInput = {
  firstName: 'Julián',
  lastName: 'Torres',
  birthDate: '1988-02-28',
  email: 'julian@correo.test',
  document: '1020304050',
  phone: '3105550000',
};

/**
 * Fills the required fields of the patient form (product §5 marks) and ticks the attestation of the patient's consent,
 * as a professional does. The form reads each field's value, not its keys: pasted, not typed.
 */
export async function typePatient(form: HTMLElement, patient: PatientFormInput = JULIAN): Promise<void> {
  const field = within(form);
  await fill(field.getByLabelText(/^Nombres/), patient.firstName);
  await fill(field.getByLabelText(/^Apellidos/), patient.lastName);
  await fill(field.getByLabelText(/^Fecha de nacimiento/), patient.birthDate);
  await fill(field.getByLabelText(/^Correo electrónico/), patient.email);
  await fill(field.getByLabelText(/^Número de documento/), patient.document);
  await fill(field.getByLabelText(/^Número de teléfono/), patient.phone);
  await userEvent.click(field.getByRole('checkbox', { name: /Declaro que tengo la autorización del paciente/ }));
}
