import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import type { UpdateAvailable } from '../../lib/pwa';
import { isBusyPage, UpdatePrompt } from './update-prompt';

const registration = vi.hoisted(() => ({ announce: (_update: UpdateAvailable) => undefined as void, count: 0 }));
const idle = vi.hoisted(() => ({ now: true }));

vi.mock('../../lib/pwa', () => ({
  registerServiceWorker: (onUpdate: (update: UpdateAvailable) => void) => {
    registration.count += 1;
    registration.announce = onUpdate;
    return Promise.resolve();
  },
}));
vi.mock('../../lib/use-idle-after-first-paint', () => ({ useIdleAfterFirstPaint: () => idle.now }));

function renderPrompt(busy = false) {
  return render(
    <I18nProvider i18n={i18n}>
      <UpdatePrompt busy={busy} />
    </I18nProvider>,
  );
}

describe('update prompt', () => {
  beforeEach(() => {
    registration.announce = () => undefined;
    registration.count = 0;
    idle.now = true;
  });

  it('registers the service worker once the page is painted and idle, not beside its first render', () => {
    idle.now = false;
    const { rerender } = renderPrompt();
    expect(registration.count).toBe(0);
    idle.now = true;
    rerender(
      <I18nProvider i18n={i18n}>
        <UpdatePrompt />
      </I18nProvider>,
    );
    expect(registration.count).toBe(1);
  });

  it('stays silent until a new version waits, then applies it only when asked', async () => {
    const apply = vi.fn();
    renderPrompt();
    expect(screen.queryByRole('status')).toBeNull();
    act(() => registration.announce({ apply }));
    expect(screen.getByRole('status').textContent).toContain('Hay una nueva versión del Dispensario disponible.');
    expect(apply).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(apply).toHaveBeenCalledOnce();
  });

  it('can be postponed', async () => {
    renderPrompt();
    act(() => registration.announce({ apply: vi.fn() }));
    await userEvent.click(screen.getByRole('button', { name: 'Más tarde' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('waits while the user pays or writes a prescription, and offers the update once they leave', () => {
    const { rerender } = renderPrompt(true);
    act(() => registration.announce({ apply: vi.fn() }));
    expect(screen.queryByRole('status')).toBeNull();
    rerender(
      <I18nProvider i18n={i18n}>
        <UpdatePrompt busy={false} />
      </I18nProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain('Hay una nueva versión del Dispensario disponible.');
  });

  it('counts the bag and the prescription and recommendation builders as busy, nothing else', () => {
    expect(isBusyPage('/co/bolsa')).toBe(true);
    expect(isBusyPage('/mx/mi-cuenta/prescripcion')).toBe(true);
    expect(isBusyPage('/pe/mi-cuenta/recomendaciones')).toBe(true);
    expect(isBusyPage('/co/mi-cuenta/mis-prescripciones')).toBe(false);
    expect(isBusyPage('/co/herramientas')).toBe(false);
    expect(isBusyPage('/co')).toBe(false);
  });
});
