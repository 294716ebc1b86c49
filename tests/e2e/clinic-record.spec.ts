import { AccountPage } from './pages/account-page';
import { PatientsPage } from './pages/patients-page';
import { PrescriptionBuilderPage } from './pages/prescription-builder-page';
import { createPatientAs, patientRecord } from './support/api';
import { expect, test } from './support/fixtures';
import { MAGNESIUM } from './support/demo-catalogue';

const PASSWORD = 'Paciente2026';

test.describe('a complete patient record', () => {
  test('an invited patient starts from the doctor’s data, and registering completes the doctor’s record', async ({
    request,
    register,
    login,
    page,
  }) => {
    const suffix = Date.now().toString().slice(-8);
    const lastName = `Salazar ${suffix}`;
    // Setup, not the subject: the doctor registers the patient without gender nor document type.
    const { invitation, patient } = await createPatientAs(
      request,
      'co',
      'medico.co@demo.test',
      patientRecord('Inés', lastName, suffix, {
        birth_date: '1984-02-03',
        gender: null,
        document_type_id: null,
        document_number: `5${suffix}`,
        phone_number: '3167770000',
      }),
    );
    expect(patient.complete).toBe(false);

    await register.open('co', new URL(invitation.link).searchParams.get('invitacion') ?? '');
    await expect(page.getByText(/te invitó a crear tu cuenta de paciente/)).toBeVisible();
    await expect(page.getByLabel(/^Fecha de nacimiento/)).toHaveValue('1984-02-03');
    await expect(page.getByLabel(/^Número de celular/)).toHaveValue('3167770000');
    await register.fillStep({ 'Tipo de documento': '2', Femenino: 'femenino' });
    await register.next.click();
    await register.setPassword(PASSWORD);
    await register.create.click();
    await expect(page).toHaveURL(/\/co\/mi-cuenta\/datos-personales$/);
    await new AccountPage(page).logOut();

    await login.login('co', 'medico.co@demo.test');
    const patients = new PatientsPage(page);
    await patients.open('co');
    await patients.search(lastName);
    // The search has applied (one patient listed): a click on the unfiltered list's row was lost when the search's
    // answer replaced the table (B9).
    await expect(patients.table.getByRole('link')).toHaveCount(1);
    const name = `Inés ${lastName}`;
    await expect(patients.row(name)).toHaveCount(1);
    await expect(patients.row(name)).not.toContainText('Ficha incompleta');
    await patients.openPatient(name);
    await expect(patients.dataValue('Género')).toHaveText('Femenino');
    await expect(patients.dataValue('Documento')).toHaveText(new RegExp(`^Cédula de extranjería 5${suffix}$`));
    await expect(patients.dataValue('Fecha de nacimiento')).toHaveText('1984-02-03');
    await expect(page.getByText('La ficha de este paciente está incompleta.')).toHaveCount(0);
  });

  test('the builder asks before accepting fewer units than the treatment needs', async ({ login, page }) => {
    const builder = new PrescriptionBuilderPage(page);
    await login.login('co', 'medico.co@demo.test');
    await builder.startFor('co', 'prescripcion', 'Mariana Gómez Ortiz');
    await builder.withTool(MAGNESIUM);
    // 2 a day for 2 months from 60-capsule bottles: 2 bottles; 1 is prescribed.
    await builder.fillIndications({ moment: 'Antes de dormir', quantity: '2', units: '1' });
    await page.getByRole('spinbutton', { name: /^Duración/ }).fill('2');
    await expect(page.getByText('Para 2 meses se necesitan 2 unidades: con 1 unidad no alcanza.')).toBeVisible();
    await builder.next.click();
    const warning = page.getByRole('alert').filter({ hasText: 'Las unidades no cubren toda la duración' });
    await expect(warning).toContainText(`${MAGNESIUM}: para 2 meses se necesitan 2 unidades y indicaste 1 unidad.`);
    await expect(builder.stepTitle).toHaveText('Indicaciones');
    await warning.getByRole('button', { name: 'Continuar con menos unidades' }).click();
    await expect(builder.stepTitle).toHaveText('Resumen');
    await expect(page.getByText('1 unidad', { exact: true })).toBeVisible();
  });
});
