import { expect, type Locator } from '@playwright/test';
import { Shell, type Reach } from './shell';
// The same fields the component tests type into the patient form.
import type { PatientFormInput } from '../../../src/testing/patient-form';

export interface Indications {
  moment: string;
  quantity: string;
  units?: string;
}

/** The four steps of `mi-cuenta/prescripcion` (doctors) and `mi-cuenta/recomendaciones` (health professionals). */
export class PrescriptionBuilderPage extends Shell {
  readonly next = this.page.getByRole('button', { name: 'Siguiente' });
  readonly back = this.page.getByRole('button', { name: 'Atrás' });
  readonly stepTitle = this.page.locator('.builder__step-title');
  /** The professional's latest prescriptions or recommendations, folded under the builder. */
  readonly issued = this.page.locator('details.issued');
  readonly issuedTable = this.issued.getByRole('table', { name: 'Emitidas recientemente' });

  /** Unfolds 'Prescripciones emitidas' (or 'Recomendaciones emitidas'). */
  async showIssued() {
    await this.issued.locator('summary').click();
    await expect(this.issuedTable).toBeVisible();
  }

  async open(country: string, kind: 'prescripcion' | 'recomendaciones', how?: Reach) {
    await this.reach(`/${country}/mi-cuenta/${kind}`, how);
    await expect(this.page.getByRole('heading', { name: /^Nueva (prescripción|recomendación)$/ })).toBeVisible();
  }

  /** Step 1: creates the patient (the server e-mails the invitation) and returns the invitation token shown. */
  async createPatient(patient: PatientFormInput): Promise<string> {
    await this.submitPatient(patient);
    await expect(this.page.getByText(/le enviamos una invitación a/)).toBeVisible();
    const link = (await this.page.getByTestId('invitation-link').textContent()) ?? '';
    return new URL(link).searchParams.get('invitacion') ?? '';
  }

  /** Step 1 without connection: the patient is kept on the device, and chosen for the prescription. */
  async createPatientOffline(patient: PatientFormInput) {
    await this.submitPatient(patient);
    await expect(this.page.getByText(/Guardamos a .* en este dispositivo/)).toBeVisible();
  }

  private async submitPatient(patient: PatientFormInput) {
    await this.page.getByRole('button', { name: 'Crear paciente nuevo' }).click();
    const form = this.page.getByRole('form', { name: 'Crear paciente' });
    await form.getByLabel(/^Nombres/).fill(patient.firstName);
    await form.getByLabel(/^Apellidos/).fill(patient.lastName);
    await form.getByLabel(/^Fecha de nacimiento/).fill(patient.birthDate);
    await form.getByLabel(/^Género/).selectOption('femenino');
    await form.getByLabel(/^Correo electrónico/).fill(patient.email);
    await form.getByLabel(/^Tipo de documento/).selectOption('1');
    await form.getByLabel(/^Número de documento/).fill(patient.document);
    await form.getByLabel(/^Número de teléfono/).fill(patient.phone);
    // The professional attests they hold the patient's consent (data rights): the form refuses to send without it.
    await form.getByRole('checkbox', { name: /Declaro que tengo la autorización del paciente/ }).check();
    await form.getByRole('button', { name: 'Crear paciente y enviar invitación' }).click();
  }

  /** Opens the builder, chooses `patient` and goes on to the tools (step 2). */
  async startFor(country: string, kind: 'prescripcion' | 'recomendaciones', patient: string) {
    await this.open(country, kind);
    await this.startWith(patient);
  }

  /** On the builder's first step: chooses `patient` and goes on to the tools (step 2). */
  async startWith(patient: string) {
    await this.choosePatient(patient);
    await this.next.click();
  }

  /** At the tools (step 2): adds `tool` and goes on to its indications (step 3). */
  async withTool(tool: string) {
    await this.addTool(tool);
    await this.next.click();
  }

  async choosePatient(name: string) {
    await this.page
      .getByRole('button', { name: new RegExp(name) })
      .first()
      .click();
  }

  toolCard(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }

  async searchTools(text: string) {
    await this.page.getByRole('searchbox', { name: 'Buscar herramienta' }).fill(text);
  }

  async addTool(name: string) {
    await this.searchTools(name);
    await this.toolCard(name).getByRole('button', { name: 'Agregar' }).click();
    await expect(this.toolCard(name).getByRole('button', { name: 'Quitar' })).toBeVisible();
  }

  /** Step 3, for the tool on screen: a time of day with its quantity, and the units to buy. */
  async fillIndications({ moment, quantity, units }: Indications) {
    await this.page.getByRole('checkbox', { name: moment }).check();
    await this.page.getByRole('spinbutton', { name: `Cantidad ${moment}` }).fill(quantity);
    if (units) await this.page.getByRole('spinbutton', { name: /Unidades del producto/ }).fill(units);
  }

  async create(kind: 'prescripción' | 'recomendación') {
    await this.page.getByRole('button', { name: `Crear ${kind}` }).click();
    await expect(this.createdHeading).toBeVisible();
  }

  /** Without connection the prescription is kept on the device: the builder says it will be sent. */
  async createOffline(kind: 'prescripción' | 'recomendación') {
    await this.page.getByRole('button', { name: `Crear ${kind}` }).click();
    await expect(this.page.getByRole('heading', { name: /por enviar$/ })).toBeVisible();
  }

  /** 'Empezar desde una plantilla', folded above the first two steps. */
  get templatePicker(): Locator {
    return this.page.locator('details.template-picker');
  }

  async openTemplates() {
    await this.templatePicker.locator('summary').click();
    await expect(this.templatePicker.getByLabel('Plantilla', { exact: true })).toBeVisible();
  }

  /** The template's option, by its name (the option also says its tools and date). */
  templateOption(name: string): Locator {
    return this.templatePicker.getByRole('option', { name: new RegExp(`^${name} · `) });
  }

  async useTemplate(name: string) {
    const value = (await this.templateOption(name).getAttribute('value')) ?? '';
    await this.templatePicker.getByLabel('Plantilla', { exact: true }).selectOption(value);
    await this.templatePicker.getByRole('button', { name: 'Usar plantilla' }).click();
  }

  /** A template saved without connection, listed apart until the server has it. */
  pendingTemplate(name: string): Locator {
    return this.templatePicker.getByRole('list', { name: 'Plantillas por enviar' }).getByRole('listitem').filter({
      hasText: name,
    });
  }

  /** On the summary: 'Guardar como plantilla' under a name. */
  async saveTemplate(name: string) {
    await this.page.getByRole('button', { name: 'Guardar como plantilla' }).click();
    const form = this.page.getByRole('form', { name: 'Guardar plantilla' });
    await form.getByLabel(/^Nombre de la plantilla/).fill(name);
    await form.getByRole('button', { name: 'Guardar plantilla' }).click();
  }

  get templateQueuedNotice(): Locator {
    return this.page.getByRole('status').filter({ hasText: /quedó guardada en este dispositivo/ });
  }

  get createdHeading(): Locator {
    return this.page.getByRole('heading', { name: /creada$/ });
  }
}
