import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CHAT_NUMBER_MESSAGE, CONTACT_PHONE_MESSAGE } from '../../../lib/shared/contact';
import { contactFixtures, setContactSettings } from '../../../testing/handlers/contact';
import { renderAsAdmin } from './test-render';
import { fill } from '../../../testing/fill';

const asAdmin = (path = '/co/admin/contacto') => renderAsAdmin(path);

const chatLink = () => screen.queryByRole('link', { name: 'Escríbenos por chat (se abre en una pestaña nueva)' });

describe('admin: contact channels', () => {
  it('edits a country’s phone line and chat number, which this device’s chat button uses at once', async () => {
    setContactSettings('co', { phone: '+57 601 555 0190', chatNumber: null, updatedAt: '2026-11-20T15:00:00.000Z' });
    await asAdmin();
    const colombia = await screen.findByRole('form', { name: 'Canales de contacto de Colombia' });
    expect((within(colombia).getByLabelText(/^Línea de atención/) as HTMLInputElement).value).toBe('+57 601 555 0190');
    expect(chatLink()).toBeNull();

    const chat = within(colombia).getByLabelText(/^Número del chat/);
    await fill(chat, '+57 301 555 0199');
    await userEvent.click(within(colombia).getByRole('button', { name: 'Guardar' }));

    expect(await within(colombia).findByText('Canales de contacto de Colombia guardados.')).toBeTruthy();
    expect(contactFixtures.saved).toEqual([
      { country: 'co', body: { phone: '+57 601 555 0190', chatNumber: '573015550199' } },
    ]);
    // Kept as the digits the chat link needs.
    expect((chat as HTMLInputElement).value).toBe('573015550199');
    await waitFor(() => expect(chatLink()?.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/573015550199\?/));
  });

  it('refuses invalid numbers with the shared schema’s Spanish messages and sends nothing', async () => {
    await asAdmin();
    const mexico = await screen.findByRole('form', { name: 'Canales de contacto de México' });
    await fill(within(mexico).getByLabelText(/^Línea de atención/), 'llámanos');
    await fill(within(mexico).getByLabelText(/^Número del chat/), '52 55');
    await userEvent.click(within(mexico).getByRole('button', { name: 'Guardar' }));

    expect(await within(mexico).findByText(CONTACT_PHONE_MESSAGE)).toBeTruthy();
    expect(within(mexico).getByText(CHAT_NUMBER_MESSAGE)).toBeTruthy();
    expect(
      within(mexico)
        .getByLabelText(/^Línea de atención/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(contactFixtures.saved).toEqual([]);
  });

  it('is a section of the admin menu, also under its English path', async () => {
    await asAdmin('/co/admin/contact-channels');
    expect(await screen.findByRole('heading', { name: 'Canales de contacto', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Canales de contacto de Perú' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Canales de contacto' }).getAttribute('href')).toBe('/co/admin/contacto');
  });
});
