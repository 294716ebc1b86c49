import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render';
import { countRequests } from '../../../testing/request-count';
import { loggedInAs } from '../../../testing/session';

const idle = vi.hoisted(() => ({ now: false }));
vi.mock('../../../lib/use-idle-after-first-paint', () => ({ useIdleAfterFirstPaint: () => idle.now }));

afterEach(() => {
  idle.now = false;
});

describe('the builder’s prescription settings', () => {
  it('are not asked for beside the patient’s step, and are once the tools’ step needs them', async () => {
    await loggedInAs('co');
    const requests = countRequests('/prescription-settings');
    await renderApp('/co/mi-cuenta/prescripcion');
    await userEvent.click(await screen.findByRole('button', { name: /Mariana Gómez Ortiz/ }));
    expect(requests.count()).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(requests.count()).toBe(1));
    requests.stop();
  });

  it('are asked for once the page is painted and idle, still on the patient’s step', async () => {
    idle.now = true;
    await loggedInAs('co');
    const requests = countRequests('/prescription-settings');
    await renderApp('/co/mi-cuenta/prescripcion');
    expect(await screen.findByRole('heading', { name: 'Paciente', level: 2 })).toBeTruthy();
    await waitFor(() => expect(requests.count()).toBe(1));
    requests.stop();
  });
});
