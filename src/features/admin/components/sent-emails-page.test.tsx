import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SentEmailDto } from '../../../lib/shared/emails';
import { TEST_API } from '../../../testing/api-url';
import { server } from '../../../testing/msw-server';
import { renderAsAdmin } from './test-render';
import { fill } from '../../../testing/fill';

const invitation: SentEmailDto = {
  id: 7,
  to: 'paciente.nueva@correo.test',
  subject: 'Tu invitación al Dispensario Funcional',
  text: 'Crea tu cuenta: http://localhost:8080/co/registro?invitacion=abc',
  createdAt: '2026-11-20T15:30:00.000Z',
  sentAt: null,
  error: null,
};

describe('admin: sent e-mails', () => {
  it('lists the latest e-mails with their text, and searches by recipient', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get(`${TEST_API}/admin/emails`, ({ request }) => {
        const to = new URL(request.url).searchParams.get('to');
        asked.push(to);
        return HttpResponse.json(to === null || to === invitation.to ? [invitation] : []);
      }),
    );
    await renderAsAdmin('/co/admin/sent-emails');
    expect(await screen.findByRole('heading', { name: 'Correos enviados', level: 1 })).toBeTruthy();
    const item = within(await screen.findByRole('list', { name: 'Correos' })).getByRole('listitem');
    expect(item.textContent).toContain('Tu invitación al Dispensario Funcional');
    expect(item.textContent).toContain('Para paciente.nueva@correo.test');
    expect(item.textContent).toContain('Sin enviar (no hay servidor de correo)');
    await userEvent.click(within(item).getByText('Ver el texto'));
    expect(within(item).getByText(/registro\?invitacion=abc/)).toBeTruthy();

    const search = screen.getByRole('search', { name: 'Buscar correos por destinatario' });
    await fill(within(search).getByLabelText('Correo del destinatario'), 'otra@correo.test');
    await userEvent.click(within(search).getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('No hay correos enviados a otra@correo.test.')).toBeTruthy();
    expect(asked).toEqual([null, 'otra@correo.test']);
  });

  it('does not show the text of e-mails that left through the mail server', async () => {
    server.use(
      http.get(`${TEST_API}/admin/emails`, () =>
        HttpResponse.json([{ ...invitation, text: null, sentAt: '2026-11-20T15:31:00.000Z' }]),
      ),
    );
    await renderAsAdmin('/co/admin/correos-enviados');
    expect(
      await screen.findByText('El texto no se muestra: el correo ya salió por el servidor de correo.'),
    ).toBeTruthy();
    expect(screen.getByText(/Enviado/)).toBeTruthy();
    expect(screen.queryByText('Ver el texto')).toBeNull();
  });
  it('highlights its menu entry on the English path too (issue #19)', async () => {
    server.use(http.get(`${TEST_API}/admin/emails`, () => HttpResponse.json([invitation])));
    await renderAsAdmin('/co/admin/sent-emails');
    const entry = await screen.findByRole('link', { name: 'Correos enviados' });
    expect(entry.getAttribute('aria-current')).toBe('page');
    expect(entry.className).toContain('active');
    expect(screen.getByRole('link', { name: 'Canales de contacto' }).getAttribute('aria-current')).toBeNull();
  });
});
