import { fileURLToPath } from 'node:url';
import { apiLogin, apiLogout, closeLoggedOut, createInvitation } from './support/api';
import { AdminAffiliatesPage } from './pages/admin-affiliates-page';
import { LoginPage } from './pages/login-page';
import { expect, test } from './support/fixtures';

const PDF = fileURLToPath(new URL('./files/tarjeta-profesional.pdf', import.meta.url));
const unique = () => Date.now().toString().slice(-8);
/** A registration's names take letters only (issue #16): the unique digits spelled as letters, 'Rojas bcdefghi'. */
const asLetters = (digits: string) => digits.replace(/\d/g, (digit) => 'abcdefghij'.charAt(Number(digit)));

test.describe('accounts against the real server', () => {
  test('a doctor registers, waits for approval, and the admin approval enables the gated link', async ({
    baseURL,
    register,
    account,
    browser,
  }) => {
    const suffix = unique();
    const email = `dra.nueva.${suffix}@correo.test`;
    await register.open('co');
    await register.chooseRole(/Soy médico/);
    await register.fillStep({
      Nombres: 'Valentina',
      Apellidos: `Rojas ${asLetters(suffix)}`,
      Especialidad: 'Medicina funcional',
      'Número de tarjeta profesional': `RM-${suffix}`,
      'Tipo de documento': '1',
      'Número de documento': `9${suffix}`,
      'Fecha de nacimiento': '1988-03-14',
      Femenino: 'femenino',
      'Número de celular': '3105550000',
    });
    await register.next.click();
    await register.fillStep({
      'Correo electrónico': email,
      Contraseña: 'Segura2026',
      Confirma: 'Segura2026',
      '¿Cómo te enteraste': 'colega',
      Acepto: 'true',
    });
    await register.create.click();
    await expect(account.page).toHaveURL(/\/co\/mi-cuenta\/datos-personales$/);
    await expect(account.reviewNotice).toBeVisible();
    await expect(account.navbarDisabled('Prescripción')).toBeVisible();
    await expect(account.navbarLink('Prescripción')).toHaveCount(0);

    const adminContext = await browser.newContext({ baseURL });
    const adminPage = await adminContext.newPage();
    const adminLogin = new LoginPage(adminPage);
    await adminLogin.login('co', 'admin@demo.test');
    const adminAffiliates = new AdminAffiliatesPage(adminPage);
    await adminAffiliates.open('co', true);
    const card = adminAffiliates.card(`Valentina Rojas ${asLetters(suffix)}`);
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Aprobar' }).click();
    await expect(card).toHaveCount(0);
    await closeLoggedOut(adminContext);

    await account.page.reload();
    await expect(account.navbarLink('Prescripción')).toBeVisible();
    await expect(account.reviewNotice).toHaveCount(0);
  });

  test('a patient without invitation sees the dialog; with one, registers and lands on personal data', async ({
    register,
    account,
    request,
  }) => {
    await register.open('co');
    await register.chooseRole(/Soy paciente/);
    const dialog = register.page.getByRole('dialog', { name: 'El registro de pacientes es por invitación' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'No, gracias' }).click();
    await expect(dialog).toBeHidden();

    const suffix = unique();
    const doctorToken = await apiLogin(request, 'co', 'medico.co@demo.test');
    const invitation = await createInvitation(request, 'co', doctorToken, {
      email: `paciente.${suffix}@correo.test`,
      documentNumber: `7${suffix}`,
      firstName: 'Sofía',
      lastName: `Álvarez ${suffix}`,
    });
    await apiLogout(request, 'co', doctorToken);

    await register.open('co', invitation);
    await expect(register.page.getByText(/te invitó a crear tu cuenta de paciente/)).toBeVisible();
    await expect(register.page.getByLabel(/^Nombres/)).toBeDisabled();
    await register.fillInvitedPatient('1992-07-21', '3205550000');
    await register.setPassword('Paciente2026');
    await register.create.click();
    await expect(account.page).toHaveURL(/\/co\/mi-cuenta\/datos-personales$/);
    await expect(account.profileLink(/Sofía/)).toBeVisible();
    await expect(account.navbarLink('Mis prescripciones')).toBeVisible();
  });

  test('one browser holds two users in two countries; logout in one leaves the other', async ({ login, account }) => {
    await login.login('co', 'profesional.co@demo.test');
    await expect(account.profileLink(/Andrés Salazar/)).toBeVisible();
    await login.login('mx', 'paciente.mx@demo.test');
    await expect(account.profileLink(/Fernanda Castañeda/)).toBeVisible();

    await account.open('co');
    await expect(account.profileLink(/Andrés Salazar/)).toBeVisible();
    await account.open('mx');
    await expect(account.profileLink(/Fernanda Castañeda/)).toBeVisible();

    await account.logOut();
    await expect(account.page).toHaveURL(/\/mx$/);
    await expect(account.header.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    await account.open('co');
    await expect(account.profileLink(/Andrés Salazar/)).toBeVisible();
    await account.logOut();
  });

  test('the same e-mail cannot log in a second country', async ({ login, account }) => {
    await login.login('pe', 'profesional.pe@demo.test');
    await expect(account.profileLink(/Martín Huamán/)).toBeVisible();
    await login.submit('co', 'profesional.pe@demo.test');
    await expect(login.alert).toHaveText('Este usuario ya está logueado en otro país');
    await account.open('pe');
    await account.logOut();
  });

  test('an expired token shows the expired-session message', async ({ login, account, context }) => {
    await login.login('co', 'paciente.co@demo.test');
    await expect(account.profileLink(/Mariana Gómez/)).toBeVisible();
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === 'sso_token_co');
    expect(session).toBeDefined();
    await context.addCookies([{ ...session!, value: 'token-manipulado' }]);
    await account.page.evaluate(() => localStorage.removeItem('sso_token_co'));
    await account.page.reload();
    await expect(account.sessionExpired).toBeVisible();
    await expect(account.header.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  });

  test('a professional uploads credentials and sees the status change', async ({ login, account }) => {
    await login.login('mx', 'profesional.mx@demo.test');
    await account.open('mx');
    await expect(account.credentialsStatus).toHaveText(/^(Sin cargar|En revisión|Aprobadas)$/);
    await account.uploadCredential(PDF);
    await expect(account.page.getByText(/Recibimos tus credenciales/)).toBeVisible();
    await expect(account.credentialsStatus).toHaveText('En revisión');
    await expect(account.page.getByRole('table')).toContainText('tarjeta-profesional.pdf');
    await account.logOut();
  });
});
