import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider as JotaiProvider } from 'jotai';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { appStore, persistenceErrorAtom } from '../../lib/store';
import { StorageNotice } from './storage-notice';

describe('storage notice', () => {
  it('tells the user when the device could not keep their data, until dismissed', async () => {
    render(
      <JotaiProvider store={appStore}>
        <I18nProvider i18n={i18n}>
          <StorageNotice />
        </I18nProvider>
      </JotaiProvider>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => appStore.set(persistenceErrorAtom, 'QuotaExceededError'));
    expect(screen.getByRole('alert').textContent).toContain('No pudimos guardar tus datos en este dispositivo');
    await userEvent.click(screen.getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
