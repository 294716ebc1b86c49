import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/router';
import { Providers } from '../app/providers';

type Router = ReturnType<typeof createMemoryRouter>;

/**
 * Resolves once the router has loaded the code of the route at its first address. A route's module compiles on first
 * use: on a loaded two-core machine that took longer than a `findBy*` wait (a clean-clone run found the builder's page
 * still empty after 5 s), so the compilation counts against the test's own time limit, not the query's.
 */
function routeCodeLoaded(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

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
  await act(() => routeCodeLoaded(router));
  return { ...view, router };
}
