import { act, getConfig, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { UNSAFE_createMemoryHistory as createMemoryHistory, useLocation, type Location } from 'react-router';
import { AppRouter, AppRoutes, preloadScreens } from '../app/router';
import { Providers } from '../app/providers';

/** The app's place as a test sees it: what is on screen, and a way to go elsewhere as a link would. */
export interface TestRouter {
  /** The location the app last rendered (not one asked for and still loading). */
  readonly state: { readonly location: Location };
  /**
   * Goes to `to` as a link does, and resolves once that place's code is loaded and it is on screen. It waits as
   * `waitFor` does: not to be called inside `act`.
   */
  navigate: (to: string) => Promise<void>;
  /** Resolves once the app has rendered a place that `reached` accepts, no navigation is under way and its code is here. */
  arrived: (reached: (location: Location) => boolean) => Promise<void>;
}

function LocationProbe({ onRendered }: { onRendered: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => onRendered(location), [location, onRendered]);
  return null;
}

/**
 * The places the app renders, and a wait for one of them. It looks again at each render of a new place, not on a
 * timer, so a test's fake timers cannot stall it; it never gives up (the test's own time limit does).
 */
function placeWatch() {
  const waiters = new Set<() => void>();
  let rendered: Location | undefined;
  return {
    get rendered() {
      return rendered;
    },
    onRendered: (location: Location) => {
      rendered = location;
      for (const check of [...waiters]) check();
    },
    until: (reached: () => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!reached()) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
  };
}

/** Renders the whole app at `path` with its real providers; msw answers the API. */
export async function renderApp(path: string) {
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  // The history has one listener, the app's router; a navigation ends in a render of its place, which the probe reports.
  const places = placeWatch();
  // The app has settled when what it rendered is where the history is (no navigation under way: a redirect of its
  // first render included) and the code of every screen there has loaded.
  // The code is awaited inside `act`, which also flushes what React still had to do (effects, a deferred render), so
  // the test's next event finds the app idle, as a person's would.
  const settled = async () => {
    await places.until(() => places.rendered?.key === history.location.key);
    await act(() => preloadScreens(history.location));
  };
  // Restoration from IndexedDB suspends the first render: wrap it in act so React settles (STACK-NOTES).
  const view = await act(async () =>
    render(
      <Providers>
        <AppRouter history={history}>
          <LocationProbe onRendered={places.onRendered} />
          <AppRoutes />
        </AppRouter>
      </Providers>,
    ),
  );
  // A route's module compiles on first use: on a loaded two-core machine that took longer than a `findBy*` wait (a
  // clean-clone run found the builder's page still empty after 5 s), so the compilation counts against the test's
  // own time limit, not the query's. First the code of the route at `path`, then that of a page its first render
  // went on to (`/mi-cuenta` goes to 'Datos personales': under load its heading was not found after 5 s).
  // Outside `act`, as `waitFor` waits: inside it React would hold the very renders being waited for.
  const wait = (until: () => Promise<void>) => getConfig().asyncWrapper(until) as Promise<void>;
  await wait(settled);
  await wait(settled);
  const router: TestRouter = {
    get state() {
      return { location: places.rendered ?? history.location };
    },
    navigate: async (to) => {
      act(() => history.push(to));
      await wait(settled);
    },
    arrived: async (reached) => {
      await places.until(() => places.rendered !== undefined && reached(places.rendered));
      await settled();
    },
  };
  return { ...view, router };
}

/**
 * Resolves once the app is at `pathname` (and `search`, when given) with no navigation under way: the page's code
 * loaded. A first visit to a route compiles its code, which on a loaded machine outlasts a `findBy*` wait, and some
 * places are reached after the app's own work (a logout's clean-up, a timer): the test waits for the app, not for
 * a time, and a place never reached fails the test at its time limit. Like `waitFor`, it waits outside `act`, so the
 * renders that lead there (a redirect, an effect) happen as they come.
 */
export function arrivesAt(router: TestRouter, pathname: string, search?: string): Promise<void> {
  return getConfig().asyncWrapper(async () => {
    await router.arrived(
      (location) => location.pathname === pathname && (search === undefined || location.search === search),
    );
  }) as Promise<void>;
}
