import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query';
import { setContactSettings } from '../../testing/handlers/contact';
import { ChatButton } from './chat-button';
import { Footer } from './footer';

const idle = vi.hoisted(() => ({ now: false }));
vi.mock('../../lib/use-idle-after-first-paint', () => ({ useIdleAfterFirstPaint: () => idle.now }));

function renderBottom() {
  const client = createQueryClient();
  const tree = () => (
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/co']}>
          <Footer country="co" />
          <ChatButton country="co" />
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>
  );
  const { rerender } = render(tree());
  return () => rerender(tree());
}

describe('the footer and the floating chat (issue #18)', () => {
  beforeEach(() => {
    idle.now = false;
    setContactSettings('co', { chatNumber: '573001234567', updatedAt: '2026-11-20T15:00:00.000Z' });
  });

  it('come once the page is painted and idle, not with its first render', async () => {
    // Their code already here, and time for the country's chat number to arrive: still nothing before the idle page.
    await import('./footer-content');
    await import('../../features/content/components/chat-contact-button');
    const rerender = renderBottom();
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Escríbenos por chat (se abre en una pestaña nueva)' })).toBeNull();
    idle.now = true;
    rerender();
    expect(await screen.findByRole('contentinfo')).toBeTruthy();
    expect(
      await screen.findByRole('link', { name: 'Escríbenos por chat (se abre en una pestaña nueva)' }),
    ).toBeTruthy();
  });
});
