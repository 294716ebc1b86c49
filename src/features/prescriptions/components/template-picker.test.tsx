import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query';
import { ROLE_IDS } from '../../../lib/shared/accounts';
import { prescriptionFixtures } from '../../../testing/handlers/prescriptions';
import { server } from '../../../testing/msw-server';
import { loggedInAs } from '../../../testing/session';
import { TemplatePicker } from './template-picker';

const idle = vi.hoisted(() => ({ now: false }));
vi.mock('../../../lib/use-idle-after-first-paint', () => ({ useIdleAfterFirstPaint: () => idle.now }));

/** How many times the professional's templates were listed. */
function countListRequests(): { count: () => number; stop: () => void } {
  let count = 0;
  const listener = ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname.endsWith('/prescription-templates') && request.method === 'GET') count += 1;
  };
  server.events.on('request:start', listener);
  return { count: () => count, stop: () => server.events.removeListener('request:start', listener) };
}

function renderPicker() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter>
          <TemplatePicker country="co" viewer="uid-doctor" selectedId={null} onApply={() => undefined} />
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await loggedInAs('co', { role: { id: ROLE_IDS.doctor, name: 'doctor' }, uid: 'uid-doctor' });
  prescriptionFixtures.templates = [
    {
      id: 12,
      name: 'Sueño reparador',
      type: 'prescription',
      toolCount: 2,
      createdAt: '2026-11-01T00:00:00.000Z',
      notes: '',
      problems: [],
      tools: [],
    },
  ];
});

afterEach(() => {
  idle.now = false;
});

describe('the template picker above the builder', () => {
  it('lists the templates only when opened while the screen is not yet idle, and renders its choices then', async () => {
    const requests = countListRequests();
    renderPicker();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.count()).toBe(0);
    expect(screen.queryByLabelText('Plantilla')).toBeNull();

    await userEvent.click(screen.getByText('Empezar desde una plantilla'));
    await waitFor(() => expect(screen.getByRole('option', { name: /Sueño reparador/ })).toBeTruthy());
    expect(requests.count()).toBe(1);
    requests.stop();
  });

  it('lists them once the screen is painted and idle, still closed and without its choices', async () => {
    idle.now = true;
    const requests = countListRequests();
    renderPicker();
    await waitFor(() => expect(requests.count()).toBe(1));
    expect(screen.queryByLabelText('Plantilla')).toBeNull();
    requests.stop();
  });
});
