import { http, HttpResponse } from 'msw';
import type { FormSchemaDto } from '../../lib/shared/accounts';
import { validateForm, type FormValues } from '../../lib/shared/form-validation';
import {
  HEALTH_CONSENT_FIELD,
  HEALTH_CONSENT_LABEL,
  HEALTH_CONSENT_REQUIRED_MESSAGE,
  HEALTH_CONSENT_TEXTS,
} from '../../lib/shared/privacy';
import { TEST_API } from '../api-url';
import { acceptSession, buildProfile } from './auth';

const required = { kind: 'required' as const, message: 'Campo obligatorio' };

/** A small professional registration form in two steps, shaped like the server's. */
export const doctorForm: FormSchemaDto = {
  id: 1,
  key: 'registro-medico',
  type: 'register',
  title: 'Registro de médico',
  role: 'doctor',
  steps: [
    { step: 1, title: 'Datos básicos' },
    { step: 2, title: 'Datos de acceso' },
  ],
  fields: [
    { name: 'first_name', type: 'text', label: 'Nombres', step: 1, rules: [required] },
    { name: 'last_name', type: 'text', label: 'Apellidos', step: 1, rules: [required] },
    {
      name: 'document_number',
      type: 'text',
      label: 'Número de documento',
      step: 1,
      rules: [required, { kind: 'pattern', value: '[0-9A-Za-z]{5,20}', message: 'Documento no válido' }],
    },
    { name: 'country_code', type: 'hidden', label: 'Indicativo', step: 1, rules: [] },
    { name: 'email', type: 'email', label: 'Correo electrónico', step: 2, rules: [required] },
    {
      name: 'password',
      type: 'password',
      label: 'Contraseña',
      step: 2,
      rules: [required, { kind: 'minLength', value: 8, message: 'Mínimo 8 caracteres' }],
    },
    {
      name: 'terms',
      type: 'checkbox',
      label: 'Acepto los términos y la política de privacidad',
      step: 2,
      rules: [{ kind: 'required', message: 'Debes aceptar los términos y la política de privacidad' }],
    },
    {
      name: HEALTH_CONSENT_FIELD,
      type: 'checkbox',
      label: HEALTH_CONSENT_LABEL,
      help: HEALTH_CONSENT_TEXTS.co,
      step: 2,
      defaultValue: false,
      rules: [{ kind: 'required', message: HEALTH_CONSENT_REQUIRED_MESSAGE }],
    },
  ],
};

export const patientForm: FormSchemaDto = {
  ...doctorForm,
  id: 3,
  key: 'registro-paciente',
  title: 'Registro de paciente',
  role: 'patient',
  fields: [
    ...doctorForm.fields,
    { name: 'birth_date', type: 'date', label: 'Fecha de nacimiento', step: 1, rules: [required] },
    { name: 'phone_number', type: 'tel', label: 'Número de celular', step: 1, rules: [required] },
    { name: 'invitation_token', type: 'hidden', label: 'Invitación', step: 2, rules: [required] },
  ],
};

const forms = [doctorForm, patientForm];
const findForm = (idOrKey: string) => forms.find((form) => String(form.id) === idOrKey || form.key === idOrKey);

/** E-mails the fake server already has: the server-side check the browser cannot make. */
export const takenEmails = new Set(['medico.co@demo.test']);

export const formHandlers = [
  http.get(`${TEST_API}/forms/:id`, ({ params }) => {
    const form = findForm(String(params.id));
    return form
      ? HttpResponse.json(form)
      : HttpResponse.json({ message: 'Formulario no encontrado.' }, { status: 404 });
  }),
  http.post(`${TEST_API}/forms/:id/validate`, async ({ params, request }) => {
    const form = findForm(String(params.id));
    if (!form) return HttpResponse.json({ message: 'Formulario no encontrado.' }, { status: 404 });
    const values = (await request.json()) as FormValues;
    const errors = await validateForm(form, values);
    if (typeof values.email === 'string' && takenEmails.has(values.email)) {
      errors.push({ field: 'email', message: 'Ya existe una cuenta con este correo.' });
    }
    return HttpResponse.json({ errors });
  }),
  http.post(`${TEST_API}/auth/dynamic/register/:key`, async ({ params, request }) => {
    const form = findForm(String(params.key));
    const values = (await request.json()) as FormValues;
    const role = form?.role ?? 'doctor';
    const user = buildProfile({
      id: 99,
      uid: 'uid-nuevo-0000000000000000001',
      email: String(values.email),
      first_name: String(values.first_name),
      last_name: String(values.last_name),
      display_name: `${String(values.first_name)} ${String(values.last_name)}`,
      role: { id: role === 'patient' ? 0 : 1, name: role },
      approval_status: role === 'patient' ? 'approved' : 'pending',
    });
    acceptSession(request.headers.get('x-country') ?? 'co', user);
    return HttpResponse.json(
      { token: 'token-nuevo', user, expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
      { status: 201 },
    );
  }),
  http.get(`${TEST_API}/invitations/:token`, ({ params }) => {
    if (params.token !== 'invitacion-valida') {
      return HttpResponse.json({ message: 'La invitación no es válida o ya expiró.' }, { status: 404 });
    }
    return HttpResponse.json({
      email: 'nueva.paciente@correo.test',
      documentNumber: '1098765432',
      firstName: 'Lucía',
      lastName: 'Pérez',
      country: 'co',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      professional: { display_name: 'Carolina Mejía', role: 'doctor' },
      record: {
        birthDate: '1991-07-12',
        gender: null,
        documentTypeId: null,
        countryCode: '+57',
        phoneNumber: '3104445566',
      },
    });
  }),
];
