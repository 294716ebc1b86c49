import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { ROLE_IDS } from '../../../lib/shared/accounts';
import { OUTBOX_META_HEADER, type OutboxMeta } from '../../../lib/shared/outbox';
import { TEST_API } from '../../../testing/api-url';
import { buildOutboxItem, installFakeServiceWorker } from '../../../testing/fake-service-worker';
import { accountFixtures } from '../../../testing/handlers/account';
import { server } from '../../../testing/msw-server';
import { arrivesAt, renderApp } from '../../../testing/render';
import { loggedInAs } from '../../../testing/session';
import { hasSession } from '../../../lib/session/session';
import { fill } from '../../../testing/fill';

describe('account area', () => {
  it('sends an anonymous visitor to the login, and back afterwards', async () => {
    const { router } = await renderApp('/co/mi-cuenta/mis-pedidos');
    await arrivesAt(router, '/co/iniciar-sesion');
    expect(router.state.location.search).toBe(`?volver=${encodeURIComponent('/co/mi-cuenta/mis-pedidos')}`);
  });

  it('shows a doctor the menus of product §2 under their group titles', async () => {
    await loggedInAs('co');
    const { router } = await renderApp('/co/mi-cuenta');
    // The app went on to the first section, and the render waited for that page's code too.
    expect(router.state.location.pathname).toBe('/co/mi-cuenta/datos-personales');
    const tools = await screen.findByRole('navigation', { name: 'Herramientas funcionales' });
    expect(
      within(tools)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Herramientas funcionales', 'Prescripción']);
    const management = screen.getByRole('navigation', { name: 'Gestión y seguimiento' });
    expect(
      within(management)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Datos personales', 'Mis pacientes', 'Mis pedidos', 'Mis puntos', 'Mis favoritos', 'Envíos pendientes']);
    expect(await screen.findByRole('heading', { name: 'Mis datos' })).toBeTruthy();
  });

  it('gives a patient their own menu and refuses sections of other roles', async () => {
    await loggedInAs('co', { role: { id: ROLE_IDS.patient, name: 'patient' }, email: 'paciente.co@demo.test' });
    await renderApp('/co/mi-cuenta/mis-pacientes');
    const tools = await screen.findByRole('navigation', { name: 'Herramientas funcionales' });
    expect(
      within(tools)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Mis prescripciones']);
    expect(await screen.findByRole('heading', { name: 'Sección no disponible' })).toBeTruthy();
  });

  it('names the section on screen on the folded phone menu, and folds it again after choosing', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/mis-pedidos');
    const toggle = await screen.findByRole('button', { name: /Sección\s*Mis pedidos/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const management = screen.getByRole('navigation', { name: 'Gestión y seguimiento' });
    await userEvent.click(within(management).getByRole('link', { name: 'Datos personales' }));
    const folded = await screen.findByRole('button', { name: /Sección\s*Datos personales/ });
    expect(folded.getAttribute('aria-expanded')).toBe('false');
  });

  it('says an address that is no section of any menu is not available, with the menu still there', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/no-existe');
    expect(await screen.findByRole('heading', { name: 'Sección no disponible' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Gestión y seguimiento' })).toBeTruthy();
  });

  it('dims the professional tools of a doctor awaiting approval and says why', async () => {
    await loggedInAs('co', { approval_status: 'pending' });
    await renderApp('/co/mi-cuenta/datos-personales');
    expect(await screen.findByText(/Tu cuenta está en revisión/)).toBeTruthy();
    const tools = screen.getByRole('navigation', { name: 'Herramientas funcionales' });
    expect(within(tools).queryAllByRole('link')).toHaveLength(0);
    expect(within(tools).getByText('Prescripción').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Navegación principal' }).textContent).toContain('Prescripción');
    expect(
      within(screen.getByRole('navigation', { name: 'Navegación principal' })).queryByRole('link', {
        name: 'Prescripción',
      }),
    ).toBeNull();
  });

  it('edits personal data with cancel and save', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/datos-personales');
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const names = screen.getByLabelText(/Nombres/);
    await userEvent.clear(names);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByText('Campo obligatorio')).toBeTruthy();
    await fill(names, 'Carolina Andrea');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Tus datos se guardaron.')).toBeTruthy();
    expect(screen.getByText('Carolina Andrea')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Carolina Andrea Mejía/ })).toBeTruthy();
  });

  it('says nothing of the credentials until the server answers, then their status and history', async () => {
    accountFixtures.credentials = {
      status: 'pending',
      required: true,
      history: [
        {
          id: 1,
          documentType: 'tarjeta-profesional',
          contactNumber: '3001234567',
          countryCode: '+57',
          status: 'pending',
          reason: null,
          createdAt: '2026-11-20T15:00:00.000Z',
          reviewedAt: null,
          files: [{ id: 1, name: 'tarjeta.pdf', size: 16, mime: 'application/pdf', url: '/api/credentials/files/1' }],
          order: null,
        },
      ],
    };
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${TEST_API}/credentials`, async () => {
        await answered;
        return HttpResponse.json(accountFixtures.credentials);
      }),
    );
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/datos-personales');
    const heading = await screen.findByRole('heading', { name: 'Credenciales profesionales' });
    // A default of 'Sin cargar' here told a professional who had uploaded that nothing was there.
    expect(screen.queryByTestId('credentials-status')).toBeNull();
    expect(within(heading.parentElement!).getByRole('status').textContent).toBe('Cargando…');
    answer();
    expect((await screen.findByTestId('credentials-status')).textContent).toBe('En revisión');
    expect(screen.getByRole('table').textContent).toContain('tarjeta.pdf');
  });

  it('uploads credentials and shows the refreshed status and history', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/datos-personales');
    expect((await screen.findByTestId('credentials-status')).textContent).toBe('Sin cargar');
    const form = screen.getByRole('form', { name: 'Subir credenciales' });
    await userEvent.click(within(form).getByRole('button', { name: 'Subir credenciales' }));
    expect(within(form).getAllByText('Campo obligatorio')).toHaveLength(2);
    const pdf = new File(['%PDF-1.7 tarjeta'], 'tarjeta.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(form).getByLabelText(/Archivos/), pdf);
    await userEvent.selectOptions(within(form).getByLabelText(/Tipo de documento/), 'tarjeta-profesional');
    await userEvent.click(within(form).getByRole('button', { name: 'Subir credenciales' }));
    expect(await screen.findByText(/Recibimos tus credenciales/)).toBeTruthy();
    expect(screen.getByTestId('credentials-status').textContent).toBe('En revisión');
    expect(screen.getByRole('table').textContent).toContain('tarjeta.pdf');
  });

  it('names a hormone prescription in Spanish with its order’s review, and dates Peru’s history in Spanish', async () => {
    const entry = {
      contactNumber: '987654321',
      countryCode: '+51',
      reason: null,
      createdAt: '2026-11-25T15:00:00.000Z',
      reviewedAt: '2026-11-25T16:00:00.000Z',
      files: [],
    };
    accountFixtures.credentials = {
      status: 'approved',
      required: true,
      history: [
        {
          ...entry,
          id: 3,
          documentType: 'formula-hormonal',
          status: 'rejected',
          reason: 'Sin firma',
          order: { id: 8, number: 'PE-000008', status: 'cancelled' },
        },
        {
          ...entry,
          id: 2,
          documentType: 'formula-hormonal',
          status: 'approved',
          order: { id: 7, number: 'PE-000007', status: 'released' },
        },
        { ...entry, id: 1, documentType: 'tarjeta-profesional', status: 'approved', order: null },
      ],
    };
    await loggedInAs('pe');
    await renderApp('/pe/mi-cuenta/datos-personales');
    const rows = within(await screen.findByRole('table', { name: 'Historial de credenciales' })).getAllByRole('row');
    const texts = rows.slice(1).map((row) => row.textContent ?? '');
    expect(texts[0]).toContain('Fórmula médica de hormonas · pedido PE-000008');
    expect(texts[0]).toContain('Rechazada: pedido cancelado · Sin firma');
    expect(texts[1]).toContain('Fórmula médica de hormonas · pedido PE-000007');
    expect(texts[1]).toContain('Aprobada: pedido liberado para despacho');
    expect(texts[2]).toContain('Tarjeta profesional');
    const peruDate = new Intl.DateTimeFormat('es-PE', { dateStyle: 'medium' }).format(new Date(entry.createdAt));
    expect(texts[2]).toContain(peruDate);
    expect(texts.join(' ')).not.toContain('formula-hormonal');
    expect(texts.join(' ')).not.toMatch(/Nov \d/);
  });

  it('keeps credentials chosen without connection and says why the server refused them', async () => {
    const worker = installFakeServiceWorker([]);
    let key = '';
    let meta: OutboxMeta | null = null;
    server.use(
      http.post(`${TEST_API}/credentials`, ({ request }) => {
        key = request.headers.get('idempotency-key') ?? '';
        meta = JSON.parse(decodeURIComponent(request.headers.get(OUTBOX_META_HEADER) ?? '')) as OutboxMeta;
        worker.update([buildOutboxItem({ ...meta, id: key, path: '/api/credentials' })]);
        return HttpResponse.json({ queued: true, id: key }, { status: 202 });
      }),
    );
    try {
      await loggedInAs('co');
      await renderApp('/co/mi-cuenta/datos-personales');
      const form = await screen.findByRole('form', { name: 'Subir credenciales' });
      const pdf = new File(['%PDF-1.7 tarjeta'], 'tarjeta.pdf', { type: 'application/pdf' });
      await userEvent.upload(within(form).getByLabelText(/Archivos/), pdf);
      await userEvent.selectOptions(within(form).getByLabelText(/Tipo de documento/), 'tarjeta-profesional');
      await userEvent.click(within(form).getByRole('button', { name: 'Subir credenciales' }));
      expect(await screen.findByText(/guardamos tus documentos en este dispositivo/)).toBeTruthy();
      expect(meta).toEqual({
        kind: 'credential',
        country: 'co',
        author: 'uid-doctor-0000000000000001',
        label: 'tarjeta.pdf',
        detail: 'Tarjeta profesional',
      });

      worker.update([
        buildOutboxItem({
          ...meta!,
          id: key,
          state: 'rejected',
          status: 413,
          error: { reason: 'rejected', message: 'El archivo supera el tamaño máximo de 10 MB.' },
        }),
      ]);
      expect(await screen.findByText('No pudimos enviar tus credenciales.')).toBeTruthy();
      expect(screen.getByText('El archivo supera el tamaño máximo de 10 MB.')).toBeTruthy();
      expect(screen.getAllByRole('link', { name: 'Ver envíos pendientes' })[0]?.getAttribute('href')).toBe(
        '/co/mi-cuenta/envios-pendientes',
      );
    } finally {
      worker.uninstall();
    }
  });

  it('refuses a file of the wrong type before uploading it', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/datos-personales');
    const form = await screen.findByRole('form', { name: 'Subir credenciales' });
    const program = new File(['MZ'], 'tarjeta.exe', { type: 'application/x-msdownload' });
    await userEvent.upload(within(form).getByLabelText(/Archivos/), program, { applyAccept: false });
    expect(within(form).getByText(/Tipo de archivo no permitido/)).toBeTruthy();
  });

  it('logs out from the account menu, clearing only this country', async () => {
    await loggedInAs('co');
    await loggedInAs('mx', { email: 'otro@demo.test', uid: 'uid-otro-0000000000000000001' });
    const { router } = await renderApp('/co/mi-cuenta/datos-personales');
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    await arrivesAt(router, '/co');
    expect(await screen.findByRole('link', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(hasSession('mx')).toBe(true);
    expect(hasSession('co')).toBe(false);
  });
});

describe('admin area', () => {
  it('answers a non-admin with the Spanish no-permission screen', async () => {
    await loggedInAs('co');
    await renderApp('/co/admin/affiliate-management');
    expect(await screen.findByRole('heading', { name: 'No tienes permiso para ver esta página' })).toBeTruthy();
  });

  it('lets an admin approve a pending professional from the English path too', async () => {
    await loggedInAs('co', { role: { id: ROLE_IDS.admin, name: 'admin' }, email: 'admin@demo.test' });
    await renderApp('/co/admin/affiliate-management');
    const card = await screen.findByRole('article', { name: 'Jorge Paredes' });
    expect(within(card).getByTestId('affiliate-status').textContent).toBe('Pendiente');
    await userEvent.click(within(card).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Jorge Paredes' })).toBeNull());
    await userEvent.selectOptions(screen.getByLabelText('Estado'), 'approved');
    expect(
      within(await screen.findByRole('article', { name: 'Jorge Paredes' })).getByTestId('affiliate-status').textContent,
    ).toBe('Aprobado');
  });

  it('asks for a reason before rejecting', async () => {
    await loggedInAs('co', { role: { id: ROLE_IDS.admin, name: 'admin' }, email: 'admin@demo.test' });
    await renderApp('/co/admin/gestion-afiliados');
    const card = await screen.findByRole('article', { name: 'Jorge Paredes' });
    await userEvent.click(within(card).getByRole('button', { name: 'Rechazar' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Confirmar rechazo' }));
    expect(within(card).getByText('Indica el motivo del rechazo')).toBeTruthy();
    await fill(within(card).getByRole('textbox'), 'La tarjeta profesional no es legible.');
    await userEvent.click(within(card).getByRole('button', { name: 'Confirmar rechazo' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Jorge Paredes' })).toBeNull());
  });
});
