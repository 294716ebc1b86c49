import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/router';
import { Providers } from '../app/providers';

type Router = ReturnType<typeof createMemoryRouter>;

/** Resolves once the router's state meets `reached` (at once when it already does). */
function routerReaches(router: Router, reached: (state: Router['state']) => boolean): Promise<void> {
  if (reached(router.state)) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!reached(state)) return;
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
  // A route's module compiles on first use: on a loaded two-core machine that took longer than a `findBy*` wait (a
  // clean-clone run found the builder's page still empty after 5 s), so the compilation counts against the test's
  // own time limit, not the query's. First the code of the route at `path`, then that of a page its first render
  // went on to (`/mi-cuenta` goes to 'Datos personales': under load its heading was not found after 5 s).
  await act(() => routerReaches(router, (state) => state.initialized));
  await act(() => routerReaches(router, (state) => state.navigation.state === 'idle'));
  return { ...view, router };
}
