import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeValue } from '../../../lib/db';
import { buildProduct } from '../../../testing/data';
import { renderApp } from '../../../testing/render';
import { countRequests } from '../../../testing/request-count';
import { loggedInAs } from '../../../testing/session';
import { createDraft, draftKey, PRESCRIPTION_DRAFTS_STORAGE_KEY } from '../draft';
import { toggleTool } from '../draft-rules';
import { toolChecks } from '../lazy-tool-checks';

const idle = vi.hoisted(() => ({ now: false }));
vi.mock('../../../lib/use-idle-after-first-paint', () => ({ useIdleAfterFirstPaint: () => idle.now }));

afterEach(() => {
  idle.now = false;
});

// First: the checks' module, once loaded, stays loaded for the file's later tests.
describe('the indications’ checks (the shared schema, with zod)', () => {
  it('are not loaded for the patient’s step until the page is idle', async () => {
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/prescripcion');
    expect(await screen.findByRole('heading', { name: 'Paciente', level: 2 })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Mariana Gómez Ortiz/ })).toBeTruthy();
    expect(toolChecks.loaded()).toBeUndefined();
  });

  it('send a draft stored at the summary with incomplete indications back to them once they are here', async () => {
    const patient = { id: 5, name: 'Mariana Gómez Ortiz', email: 'm@correo.test', documentNumber: '52345674' };
    const draft = toggleTool({ ...createDraft('prescription'), patient }, buildProduct({ id: 3, name: 'Producto 3' }));
    await writeValue(PRESCRIPTION_DRAFTS_STORAGE_KEY, {
      [draftKey('uid-doctor-0000000000000001', 'co')]: { ...draft, step: 4 },
    });
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/prescripcion');
    expect(await screen.findByRole('heading', { name: 'Indicaciones', level: 2 })).toBeTruthy();
    expect(toolChecks.loaded()).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Resumen', level: 2 })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Producto 3' })).toBeTruthy();
  });
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
