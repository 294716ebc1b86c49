import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query';
import { ROLE_IDS } from '../../../lib/shared/accounts';
import { TEST_API } from '../../../testing/api-url';
import { buildTemplate, prescriptionFixtures } from '../../../testing/handlers/prescriptions';
import { server } from '../../../testing/msw-server';
import { countRequests } from '../../../testing/request-count';
import { loggedInAs } from '../../../testing/session';
import { TemplatePicker } from './template-picker';

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
  prescriptionFixtures.templates = [buildTemplate()];
});

describe('the template picker above the builder', () => {
  it('renders its choices only once opened', async () => {
    const requests = countRequests('/prescription-templates');
    renderPicker();
    await waitFor(() => expect(requests.count()).toBe(1));
    expect(screen.queryByLabelText('Plantilla')).toBeNull();

    await userEvent.click(screen.getByText('Empezar desde una plantilla'));
    await waitFor(() => expect(screen.getByRole('option', { name: /Sueño reparador/ })).toBeTruthy());
    requests.stop();
  });

  it('stays hidden until the list says there are templates: no picker shown and then taken away', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${TEST_API}/prescription-templates`, async () => {
        await answered;
        return HttpResponse.json({ data: [] });
      }),
    );
    const { container } = renderPicker();
    const picker = () => container.querySelector('details.template-picker');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(picker()?.hasAttribute('hidden')).toBe(true);
    answer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(picker()?.hasAttribute('hidden')).toBe(true);
  });

  it('shows once the list holds a template', async () => {
    const { container } = renderPicker();
    await waitFor(() => expect(container.querySelector('details.template-picker')?.hasAttribute('hidden')).toBe(false));
  });
});
