import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './pages/login-page';
import { DeviceStorage } from './pages/device-storage';
import { PasswordResetPage } from './pages/password-reset-page';
import { PatientsPage } from './pages/patients-page';
import { apiLogin, apiLogout } from './support/api';
import { expect, test, WITH_SERVICE_WORKER } from './support/fixtures';

test.use(WITH_SERVICE_WORKER);

// Issue #15: sessions in HttpOnly cookies, the forgotten-password link, and a logout that leaves no patient data.

/** The newest reset link e-mailed to `email`, read as an admin would (GET /admin/emails). */
async function resetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const admin = await apiLogin(request, 'co', 'admin@demo.test');
  try {
    const answer = await request.get(`/api/admin/emails?to=${encodeURIComponent(email)}`, {
      headers: { 'x-country': 'co', authorization: `Bearer ${admin}` },
    });
    const emails = (await answer.json()) as { subject: string; text: string }[];
    const reset = emails.find((candidate) => candidate.subject.startsWith('Restablece tu contraseña'));
    const link = /https?:\/\/\S+restablecer-contrasena#token=\S+/.exec(reset?.text ?? '')?.[0];
    if (!link) throw new Error(`Sin enlace para ${email}`);
    return link;
  } finally {
    await apiLogout(request, 'co', admin);
  }
}

test('login sets an HttpOnly session cookie and the page holds no token', async ({ login, account, context }) => {
  await login.login('mx', 'profesional.mx@demo.test');
  await expect(account.heading).toBeVisible();
  await expect
    .poll(async () => {
      const cookie = (await context.cookies()).find((candidate) => candidate.name === 'sso_token_mx');
      return (
        cookie && { httpOnly: cookie.httpOnly, secure: cookie.secure, sameSite: cookie.sameSite, path: cookie.path }
      );
    })
    .toEqual({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
  const token = (await context.cookies()).find((candidate) => candidate.name === 'sso_token_mx')?.value ?? '';
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expect.poll(() => account.page.evaluate(() => document.cookie)).not.toContain('sso_token');
  await expect.poll(() => new DeviceStorage(account.page).dump()).not.toContain(token);
  // The session works across a reload: the page asks the server who is logged in.
  await account.page.reload();
  await expect(account.profileLink(/Diego Villarreal/)).toBeVisible();
});

test('a forgotten password is replaced through the e-mailed link, once', async ({ page, login, account, request }) => {
  const email = 'pendiente.mx@demo.test';
  const reset = new PasswordResetPage(page);
  await login.open('mx');
  await reset.forgotLink.click();
  await reset.ask(email);
  await expect(reset.answer).toContainText('Si el correo corresponde a una cuenta');
  const link = await resetLinkFor(request, email);
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  try {
    await page.goto(link);
    await reset.setPassword('Nueva2026x');
    await expect(reset.answer).toContainText('Tu contraseña se actualizó');
    await login.submit('mx', email, DEMO_PASSWORD);
    await expect(login.alert).toHaveText('Correo o contraseña incorrectos.');
    await login.login('mx', email, 'Nueva2026x');
    await expect(account.heading).toBeVisible();
    // The link worked once.
    await account.logOut();
    await page.goto(link);
    await reset.setPassword('Otra2026x');
    await expect(reset.alert).toContainText('no es válido, ya se usó o expiró');
  } finally {
    // The demo account gets its demo password back, through the same flow.
    await request.post('/api/auth/password-reset/request', { headers: { 'x-country': 'mx' }, data: { email } });
    const restore = new URL(await resetLinkFor(request, email)).hash.replace('#token=', '');
    const restored = await request.post('/api/auth/password-reset/confirm', {
      data: { token: restore, password: DEMO_PASSWORD },
    });
    expect(restored.status()).toBe(200);
  }
});

test('logout leaves no patient data on the device', async ({ page, login, account }) => {
  const patients = new PatientsPage(page);
  const device = new DeviceStorage(page);
  await login.login('mx', 'medico.mx@demo.test');
  await patients.visitControlled('/mx/mi-cuenta/mis-pacientes');
  await expect(patients.heading).toBeVisible();
  const name = await patients.firstPatientName();
  expect(name).not.toBe('');
  // The list is on the device now (the persisted query cache), and the whole register kept for a clinic without
  // connection: what logout has to remove.
  await expect.poll(() => device.dump(), { timeout: 10_000 }).toContain(name);
  await expect.poll(() => device.dump(), { timeout: 10_000 }).toMatch(/register\\*"\]/);
  await account.open('mx');
  await account.logOut();
  await expect(account.header.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await expect.poll(() => device.dump(), { timeout: 10_000 }).not.toContain(name);
  await expect.poll(() => device.dump()).not.toMatch(/register\\*"\]/);
  await expect.poll(() => device.dump()).not.toMatch(/paciente\.mx@demo\.test/);
});

test('a session ended elsewhere: the header stops showing the user and offers Iniciar sesión', async ({
  page,
  login,
  account,
  context,
  request,
}) => {
  const signIn = account.header.getByRole('link', { name: 'Iniciar sesión' });
  /** Ends the browser's session through the API, as a logout on another tab or a revocation would. */
  const endSessionElsewhere = async () => {
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'sso_token_co');
    expect(cookie).toBeDefined();
    await apiLogout(request, 'co', decodeURIComponent(cookie?.value ?? ''));
  };

  await login.login('co', 'profesional.co@demo.test');
  await expect(account.heading).toBeVisible();
  await expect(signIn).toHaveCount(0);
  await endSessionElsewhere();
  // The next call the page makes answers 401: the page forgets the session.
  await page.locator('.account__menu').getByRole('link', { name: 'Mis pedidos' }).click();
  await expect(signIn).toBeVisible();
  await expect(account.sessionExpired).toBeVisible();

  // And a page opened after the session ended elsewhere asks the server first.
  await login.login('co', 'profesional.co@demo.test');
  await expect(account.heading).toBeVisible();
  await expect(signIn).toHaveCount(0);
  await endSessionElsewhere();
  await page.goto('/co');
  await expect(signIn).toBeVisible();
});
