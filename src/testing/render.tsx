import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/router';
import { Providers } from '../app/providers';

/** Renders the whole app at `path` with its real providers; msw answers the API. */
export async function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // Restoration from IndexedDB suspends the first render: wrap it in act so React settles (STACK-NOTES).
  const view = await act(async () =>
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    ),
  );
  return { ...view, router };
}
