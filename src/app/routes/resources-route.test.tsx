import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPersistedQueryCache } from '../../lib/query';
import { ROLE_IDS } from '../../lib/shared/accounts';
import { CACHE_NAMES } from '../../lib/shared/sw-contract';
import { TEST_API } from '../../testing/api-url';
import { installFakeServiceWorker } from '../../testing/fake-service-worker';
import { setContactSettings } from '../../testing/handlers/contact';
import { server } from '../../testing/msw-server';
import { buildLibraryDocument, prescriptionFixtures } from '../../testing/handlers/prescriptions';
import { renderApp } from '../../testing/render';
import { loggedInAs } from '../../testing/session';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const HISTORY = buildLibraryDocument({
  id: 1,
  title: 'Historia clínica funcional',
  fileName: 'historia-clinica.pdf',
  size: 120_000,
});
const GUIDE = buildLibraryDocument({
  id: 2,
  kind: 'patient-support',
  title: 'Guía de alimentación antiinflamatoria',
  fileName: 'guia.pdf',
  size: 2_500_000,
});
const LIBRARY = [HISTORY, GUIDE];

/** Cache Storage holding the library files of these ids, as the service worker leaves it. */
function stubLibraryCache(ids: number[]) {
  const requests = ids.map((id) => new Request(`http://localhost/api/documents/${id}/file`));
  vi.stubGlobal('caches', {
    has: (name: string) => Promise.resolve(name === CACHE_NAMES.library),
    open: () => Promise.resolve({ keys: () => Promise.resolve(requests) }),
  });
}

describe('functional tools and medical resources', () => {
  it('shows the tools with capsule and presentation, and downloads library documents', async () => {
    prescriptionFixtures.documents = [{ ...HISTORY, description: 'Formato para la primera consulta.' }, GUIDE];
    const downloads: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:documento');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    await loggedInAs('co');
    await renderApp('/co/mi-cuenta/herramientas-funcionales');

    const tool = await screen.findByRole('article', { name: 'Producto 1' });
    expect(tool.textContent).toContain('1 cápsula = 400 mg');
    expect(tool.textContent).toContain('Frasco x 60 cápsulas');

    const resources = screen.getByRole('region', { name: 'Recursos médicos' });
    expect(await within(resources).findByRole('heading', { name: 'Plantillas' })).toBeTruthy();
    expect(within(resources).getByRole('heading', { name: 'Documentos de apoyo para pacientes' })).toBeTruthy();
    expect(within(resources).getByText('guia.pdf · 2,4 MB')).toBeTruthy();
    await userEvent.click(within(resources).getByRole('button', { name: 'Descargar Historia clínica funcional' }));
    await vi.waitFor(() => expect(downloads).toEqual(['historia-clinica.pdf']));
  });

  it('asks for a custom product through the country’s chat, or through the request form without one', async () => {
    setContactSettings('mx', { chatNumber: '5215555550190', updatedAt: '2026-11-20T15:00:00.000Z' });
    await loggedInAs('mx');
    await renderApp('/mx/mi-cuenta/herramientas-funcionales');
    const custom = await screen.findByRole('region', { name: 'Productos personalizados' });
    const chat = await within(custom).findByRole('link', { name: 'Escribir por chat' });
    expect(chat.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5215555550190\?text=/);
    cleanup();
    // The first render's answers are persisted (throttled) and the next render restores them: without this, the
    // chat number above came back from the device whenever its write landed first, and the settings are not stale yet.
    await forgetPersistedQueryCache();

    setContactSettings('mx', { chatNumber: null });
    const { router } = await renderApp('/mx/mi-cuenta/herramientas-funcionales');
    const form = await within(await screen.findByRole('region', { name: 'Productos personalizados' })).findByRole(
      'link',
      { name: 'Solicitar un producto personalizado' },
    );
    await userEvent.click(form);
    expect(await screen.findByRole('heading', { name: 'Solicitar un producto personalizado', level: 1 })).toBeTruthy();
    expect(router.state.location.search).toBe('?motivo=producto-personalizado');
  });

  it('marks the files saved on this device, offers to save the others, and says in Spanish why an unsaved one cannot open offline', async () => {
    prescriptionFixtures.documents = LIBRARY;
    stubLibraryCache([1]);
    const worker = installFakeServiceWorker([]);
    try {
      await loggedInAs('co');
      await renderApp('/co/mi-cuenta/herramientas-funcionales');
      const saved = await screen.findByRole('article', { name: 'Historia clínica funcional' });
      expect(await within(saved).findByText('Guardado en este dispositivo')).toBeTruthy();
      expect(within(saved).queryByRole('button', { name: /^Guardar sin conexión/ })).toBeNull();
      const other = screen.getByRole('article', { name: 'Guía de alimentación antiinflamatoria' });
      expect(within(other).queryByText('Guardado en este dispositivo')).toBeNull();
      expect(
        within(other).getByRole('button', {
          name: 'Guardar sin conexión Guía de alimentación antiinflamatoria',
        }),
      ).toBeTruthy();

      // Offline: the service worker finds no copy, and the page gets a network failure.
      server.use(http.get(`${TEST_API}/documents/2/file`, () => HttpResponse.error()));
      await userEvent.click(
        within(other).getByRole('button', { name: 'Descargar Guía de alimentación antiinflamatoria' }),
      );
      expect((await within(other).findByRole('alert')).textContent).toBe(
        'Este documento no está guardado en este dispositivo. Descárgalo cuando vuelvas a tener conexión.',
      );
    } finally {
      worker.uninstall();
    }
  });

  it('is not for patients', async () => {
    await loggedInAs('co', { role: { id: ROLE_IDS.patient, name: 'patient' } });
    await renderApp('/co/mi-cuenta/herramientas-funcionales');
    expect(await screen.findByRole('heading', { name: 'Sección no disponible' })).toBeTruthy();
  });
});
