import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setContactSettings } from '../testing/handlers/contact';
import { useChatLink, useContactChannels } from './contact';

// A build made with both variables, as the end-to-end tests' build is.
vi.mock('./env', async (original) => {
  const actual = await original<{ env: Record<string, unknown> }>();
  return { env: { ...actual.env, chatNumber: '573001234567', contactPhone: '+57 1 000' } };
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const SAVED = '2026-11-20T15:00:00.000Z';

describe('useContactChannels', () => {
  it('uses what was saved for the country over the build’s variables', async () => {
    setContactSettings('co', { phone: '+57 601 555 0190', chatNumber: '573015550190', updatedAt: SAVED });
    const { result } = renderHook(() => useContactChannels('co'), { wrapper });
    await waitFor(() => expect(result.current).toEqual({ phone: '+57 601 555 0190', chatNumber: '573015550190' }));
  });

  it('keeps an emptied channel off instead of falling back to the build', async () => {
    setContactSettings('mx', { phone: null, chatNumber: null, updatedAt: SAVED });
    const { result } = renderHook(() => useChatLink('mx', 'Hola'), { wrapper });
    await waitFor(() => expect(result.current).toBeUndefined());
  });

  it('falls back to the build’s variables for a country never saved', async () => {
    const { result } = renderHook(() => useChatLink('pe', 'Hola'), { wrapper });
    await waitFor(() => expect(result.current).toBe('https://wa.me/573001234567?text=Hola'));
  });
});
