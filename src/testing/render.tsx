import { act, getConfig, render } from '@testing-library/react';
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

/**
 * Resolves once the app is at `pathname` (and `search`, when given) with no navigation under way: the page's code
 * loaded. A first visit to a route compiles its code, which on a loaded machine outlasts a `findBy*` wait, and some
 * places are reached after the app's own work (a logout's clean-up, a timer): the test waits for the router, not for
 * a time, and a place never reached fails the test at its time limit. Like `waitFor`, it waits outside `act`, so the
 * renders that lead there (a redirect, an effect) happen as they come.
 */
export function arrivesAt(router: Router, pathname: string, search?: string): Promise<void> {
  return getConfig().asyncWrapper(() =>
    routerReaches(
      router,
      (state) =>
        state.navigation.state === 'idle' &&
        state.location.pathname === pathname &&
        (search === undefined || state.location.search === search),
    ),
  ) as Promise<void>;
}
