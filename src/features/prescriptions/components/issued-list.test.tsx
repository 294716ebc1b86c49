import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query';
import { ROLE_IDS } from '../../../lib/shared/accounts';
import type { PrescriptionListDto } from '../../../lib/shared/prescriptions';
import { buildPrescriptionDetail, prescriptionFixtures, toListItem } from '../../../testing/handlers/prescriptions';
import { countRequests } from '../../../testing/request-count';
import { loggedInAs } from '../../../testing/session';
import { prescriptionQueries } from '../api';
import { IssuedList } from './issued-list';

const idle = vi.hoisted(() => ({ now: false }));
vi.mock('../../../lib/use-idle-after-first-paint', () => ({ useIdleAfterFirstPaint: () => idle.now }));

function renderList(client = createQueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter>
          <IssuedList country="co" viewer="uid-doctor" type="prescription" />
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  idle.now = false;
});

describe('the issued list below the builder', () => {
  it('asks the server only when opened while the screen is not yet idle', async () => {
    await loggedInAs('co', { role: { id: ROLE_IDS.doctor, name: 'doctor' }, uid: 'uid-doctor' });
    prescriptionFixtures.prescriptions = [buildPrescriptionDetail({ id: 41 })];
    const requests = countRequests('/prescriptions');
    renderList();
    expect(screen.getByText('Prescripciones emitidas')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.count()).toBe(0);

    await userEvent.click(screen.getByText('Prescripciones emitidas'));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Emitidas recientemente' })).toBeTruthy());
    expect(requests.count()).toBe(1);
    requests.stop();
  });

  it('asks the server once the screen is painted and idle, still closed', async () => {
    await loggedInAs('co', { role: { id: ROLE_IDS.doctor, name: 'doctor' }, uid: 'uid-doctor' });
    idle.now = true;
    const requests = countRequests('/prescriptions');
    renderList();
    await waitFor(() => expect(requests.count()).toBe(1));
    requests.stop();
  });

  it('writes no row while closed, even with the answer at hand, and all of them once opened', async () => {
    await loggedInAs('co', { role: { id: ROLE_IDS.doctor, name: 'doctor' }, uid: 'uid-doctor' });
    const client = createQueryClient();
    const answer: PrescriptionListDto = {
      data: [toListItem(buildPrescriptionDetail({ id: 41 }))],
      total: 1,
      page: 1,
      limit: 20,
    };
    client.setQueryData(prescriptionQueries.own('co', 'uid-doctor', 1).queryKey, answer);
    const { container } = renderList(client);
    expect(container.querySelector('table')).toBeNull();

    await userEvent.click(screen.getByText('Prescripciones emitidas'));
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });
});
