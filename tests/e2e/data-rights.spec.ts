import { DataRightsPage } from './pages/data-rights-page';
import { createPatientAs, patientRecord } from './support/api';
import { expect, test } from './support/fixtures';

const PASSWORD = 'Paciente2026';

interface ExportedData {
  account: { email: string; first_name: string };
  consents: { purpose: string; action: string; recordedBy: string }[];
  patientRecords: { email: string }[];
  orders: unknown[];
}

test.describe('data rights', () => {
  test('an invited patient registers with express consent, downloads their data, deletes the account and cannot log in', async ({
    request,
    register,
    login,
    page,
  }) => {
    const suffix = Date.now().toString().slice(-8);
    const email = `datos.${suffix}@correo.test`;
    // Setup, not the subject: the doctor registers the patient, attesting the patient's consent.
    const { invitation } = await createPatientAs(
      request,
      'co',
      'medico.co@demo.test',
      patientRecord('Elena', `Duarte ${suffix}`, suffix, {
        birth_date: '1985-09-09',
        email,
        phone_number: '3145550000',
      }),
    );

    await register.open('co', new URL(invitation.link).searchParams.get('invitacion') ?? '');
    await expect(page.getByText(/te invitó a crear tu cuenta de paciente/)).toBeVisible();
    await register.fillInvitedPatient('1985-09-09', '3145550000');
    await expect(register.healthConsent).not.toBeChecked();
    await expect(page.getByText(/Ley 1581 de 2012/)).toBeVisible();
    await register.setPassword(PASSWORD);
    await expect(register.healthConsent).toBeChecked();
    await register.create.click();
    await expect(page).toHaveURL(/\/co\/mi-cuenta\/datos-personales$/);

    const rights = new DataRightsPage(page);
    await expect(rights.consentState).toHaveText(/^Autorizada el .* \(versión \d+ del texto\)\.$/);
    const { download, files } = await rights.downloadArchive();
    expect(download.suggestedFilename()).toMatch(/^mis-datos-[0-9a-f]+-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['datos.json', 'LEEME.txt']));
    const data = DataRightsPage.json<ExportedData>(files, 'datos.json');
    expect(data.account).toMatchObject({ email, first_name: 'Elena' });
    expect(data.patientRecords.map((row) => row.email)).toEqual([email]);
    expect(data.consents.map((row) => [row.purpose, row.action, row.recordedBy])).toEqual([
      ['patient_attestation', 'granted', 'professional'],
      ['health_data', 'granted', 'self'],
    ]);

    await rights.deleteAccount(PASSWORD);
    await expect(page).toHaveURL(/\/co$/);
    await login.submit('co', email, PASSWORD);
    await expect(login.alert).toHaveText('Correo o contraseña incorrectos.');
  });
});
