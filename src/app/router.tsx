import { startTransition, Suspense, use, useLayoutEffect, useState, type ComponentType, type ReactNode } from 'react';
import {
  matchRoutes,
  Navigate,
  Outlet,
  Router,
  useRoutes,
  type Location,
  type RouteObject,
  type UNSAFE_createBrowserHistory,
} from 'react-router';
import { homeCountry } from '../lib/countries';
import { loadScreenMessages, type ScreenCatalogue } from '../lib/i18n';
import { FullPageLoader } from './layout/full-page-loader';
import { preloadProductActions } from './layout/product-actions';
import { CountryRoot } from './routes/country-root';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorBoundary } from './routes/error-screens';

function RootRedirect() {
  return <Navigate to={`/${homeCountry()}`} replace />;
}

type ScreenModule = { default: ComponentType };
type ScreenLoad = () => Promise<ScreenModule>;

/**
 * The lazy part of a route: it renders the export `name` of the module `load` brings; `ready` waits for what the module needs
 * before it renders (its persisted state, restored from IndexedDB).
 */
function page<M>(load: () => Promise<M>, name: keyof M, ready?: (module: M) => Promise<void>): ScreenLoad {
  return async () => {
    const module = await load();
    await ready?.(module);
    return { default: module[name] as ComponentType };
  };
}

/**
 * A screen whose messages are in a catalogue of their own (`src/lib/i18n.ts`): the home, the other public screens
 * (`pages`), those behind a session (`members`) or the admin's (`admin`, with the members'). The module and the
 * catalogue download side by side.
 */
function withMessages(catalogue: ScreenCatalogue, load: ScreenLoad): ScreenLoad {
  return async () => (await Promise.all([load(), loadScreenMessages(catalogue)]))[0];
}

/** A screen that lists products: the cards' cart and favourite controls download beside its chunk. */
function listingProducts(load: ScreenLoad): ScreenLoad {
  return () => {
    preloadProductActions();
    return load();
  };
}

/** What a lazy route carries in its `handle`: the load of its code, started once and shared by every caller. */
export interface ScreenHandle {
  preload: () => Promise<ScreenModule>;
}

/** Marks `promise` with the fields React sets on a promise it has seen, so `use` reads it at once once it settled. */
function readableAtOnce<T>(promise: Promise<T>): Promise<T> {
  promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    () => undefined,
  );
  return promise;
}

/**
 * A route whose code loads when it is first matched. Unlike `React.lazy`, a screen whose code is already here renders
 * in the same pass (no fallback for a frame, no reveal throttled by React): start-up and the router below preload
 * every matched screen before it renders.
 */
function screen(load: ScreenLoad): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<ScreenModule> | undefined;
  const preload = () => {
    if (!loading) {
      const started = readableAtOnce(load());
      // The screen's error boundary gets the failure through `use`; the next visit to the screen tries again (the
      // connection may be back).
      started.catch(() => {
        loading = undefined;
      });
      loading = started;
    }
    return loading;
  };
  function Screen() {
    const { default: Component } = use(preload());
    return <Component />;
  }
  const handle: ScreenHandle = { preload };
  return { element: <Screen />, handle };
}

/**
 * Where the screens of a layout go: a screen that fails shows the error screen in its place while the layout around
 * it (header, menu, bag; the account's or admin's menu) keeps working. `AppRouter` renders a place once its screens'
 * code is here, so the loader shows only while a screen whose earlier load failed is loaded again.
 */
function ScreenOutlet() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

// One loader per module: each `import()` call carries its chunk's preload list, and the app shell pays for every
// copy of it.
const checkoutRoute = () => import('./routes/checkout-route');
const checkoutResultRoute = () => import('./routes/checkout-result-route');
const articlesRoute = () => import('./routes/articles-route');
const ordersRoute = () => import('./routes/orders-route');
const patientsRoute = () => import('./routes/patients-route');
const prescriptionRoute = () => import('./routes/prescription-route');
const myPrescriptionsRoute = () => import('./routes/my-prescriptions-route');

const checkoutReady = (module: { checkoutFormRestored: () => Promise<void> }) => module.checkoutFormRestored();
const draftsReady = (module: Awaited<ReturnType<typeof prescriptionRoute>>) => module.draftsRestored();

export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect /> },
  {
    // Product §2: the country route parameter is named `locale`.
    path: '/:locale',
    // What fails in the layout itself: the error screen takes the whole page.
    element: (
      <RouteErrorBoundary>
        <CountryRoot />
      </RouteErrorBoundary>
    ),
    children: [
      {
        element: <ScreenOutlet />,
        children: [
          {
            index: true,
            ...screen(
              listingProducts(
                withMessages(
                  'home',
                  page(() => import('./routes/home-page'), 'HomePage'),
                ),
              ),
            ),
          },
          {
            path: 'herramientas',
            ...screen(
              listingProducts(page(() => import('../features/catalog/components/catalog-page'), 'CatalogPage')),
            ),
          },
          {
            path: 'herramientas/:slug',
            ...screen(
              listingProducts(page(() => import('../features/catalog/components/product-page'), 'ProductPage')),
            ),
          },
          { path: 'bolsa', ...screen(withMessages('checkout', page(checkoutRoute, 'CheckoutRoute', checkoutReady))) },
          {
            path: 'bolsa/resultado/:sourceId',
            ...screen(withMessages('checkout', page(checkoutResultRoute, 'CheckoutResultRoute', checkoutReady))),
          },
          {
            path: 'nosotros',
            ...screen(
              withMessages(
                'pages',
                page(() => import('./routes/about-route'), 'AboutRoute'),
              ),
            ),
          },
          { path: 'articulos', ...screen(withMessages('pages', page(articlesRoute, 'ArticlesRoute'))) },
          { path: 'articulos/:slug', ...screen(withMessages('pages', page(articlesRoute, 'ArticleRoute'))) },
          { path: 'terminos-y-condiciones', element: <Navigate to="home" replace /> },
          {
            path: 'terminos-y-condiciones/home',
            ...screen(
              withMessages(
                'pages',
                page(() => import('./routes/terms-route'), 'TermsRoute'),
              ),
            ),
          },
          {
            path: 'solicitar-atencion',
            ...screen(
              withMessages(
                'pages',
                page(() => import('./routes/medical-request-route'), 'MedicalRequestRoute'),
              ),
            ),
          },
          {
            path: 'iniciar-sesion',
            ...screen(
              withMessages(
                'pages',
                page(() => import('../features/auth/components/login-page'), 'LoginPage'),
              ),
            ),
          },
          {
            path: 'registro',
            ...screen(
              withMessages(
                'pages',
                page(() => import('../features/auth/components/register-page'), 'RegisterPage'),
              ),
            ),
          },
          {
            path: 'olvide-contrasena',
            ...screen(
              withMessages(
                'pages',
                page(() => import('../features/auth/components/forgot-password-page'), 'ForgotPasswordPage'),
              ),
            ),
          },
          {
            path: 'restablecer-contrasena',
            ...screen(
              withMessages(
                'pages',
                page(() => import('../features/auth/components/reset-password-page'), 'ResetPasswordPage'),
              ),
            ),
          },
          {
            path: 'mi-cuenta',
            ...screen(
              withMessages(
                'members',
                page(() => import('../features/account/components/account-layout'), 'AccountLayout'),
              ),
            ),
            children: [
              {
                element: <ScreenOutlet />,
                children: [
                  { index: true, element: <Navigate to="datos-personales" replace /> },
                  {
                    path: 'datos-personales',
                    ...screen(page(() => import('./routes/personal-data-route'), 'PersonalDataRoute')),
                  },
                  {
                    path: 'mis-favoritos',
                    ...screen(listingProducts(page(() => import('./routes/favorites-route'), 'FavoritesRoute'))),
                  },
                  { path: 'mis-pedidos', ...screen(page(ordersRoute, 'OrdersRoute')) },
                  { path: 'mis-pedidos/:orderId', ...screen(page(ordersRoute, 'OrderDetailRoute')) },
                  { path: 'mis-puntos', ...screen(page(() => import('./routes/points-route'), 'PointsRoute')) },
                  {
                    path: 'recordatorios',
                    ...screen(page(() => import('./routes/reminders-route'), 'RemindersRoute')),
                  },
                  // Professional tools (product §2): patients, prescriptions, recommendations, medical resources.
                  { path: 'mis-pacientes', ...screen(page(patientsRoute, 'PatientsRoute')) },
                  { path: 'mis-pacientes/:patientId', ...screen(page(patientsRoute, 'PatientDetailRoute')) },
                  {
                    path: 'mis-pacientes/:patientId/estrategias/:prescriptionId',
                    ...screen(page(patientsRoute, 'StrategyDetailRoute')),
                  },
                  { path: 'prescripcion', ...screen(page(prescriptionRoute, 'PrescriptionRoute', draftsReady)) },
                  { path: 'recomendaciones', ...screen(page(prescriptionRoute, 'RecommendationRoute', draftsReady)) },
                  { path: 'mis-prescripciones', ...screen(page(myPrescriptionsRoute, 'MyPrescriptionsRoute')) },
                  {
                    path: 'mis-prescripciones/:prescriptionId',
                    ...screen(page(myPrescriptionsRoute, 'MyPrescriptionDetailRoute')),
                  },
                  {
                    path: 'herramientas-funcionales',
                    ...screen(page(() => import('./routes/resources-route'), 'ResourcesRoute')),
                  },
                  {
                    path: 'envios-pendientes',
                    ...screen(
                      page(
                        () => import('../features/pending-uploads/components/pending-uploads-page'),
                        'PendingUploadsPage',
                      ),
                    ),
                  },
                  {
                    path: ':section',
                    ...screen(
                      page(() => import('../features/account/components/account-section'), 'AccountSectionNotFound'),
                    ),
                  },
                ],
              },
            ],
          },
          {
            path: 'admin',
            ...screen(
              withMessages(
                'members',
                withMessages(
                  'admin',
                  page(() => import('../features/admin/components/admin-layout'), 'AdminLayout'),
                ),
              ),
            ),
            children: [
              {
                element: <ScreenOutlet />,
                children: [
                  { index: true, element: <Navigate to="gestion-afiliados" replace /> },
                  {
                    path: ':section',
                    ...screen(page(() => import('../features/admin/components/admin-section'), 'AdminSectionRoute')),
                  },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * Starts loading the code of every screen `location` matches, all at once: a screen inside the account's or admin's
 * layout does not wait for the layout's code to ask for its own.
 */
export function preloadScreens(location: Partial<Location> | string): Promise<unknown> {
  const matches = matchRoutes(routes, location) ?? [];
  return Promise.all(
    matches.flatMap(({ route }) => {
      const handle = route.handle as ScreenHandle | undefined;
      return handle ? [handle.preload()] : [];
    }),
  );
}

/** A browser's history (or a test's in memory), as React Router's own routers take it. */
export type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

/** Per history (one per app), the load of its first place's screens; a failed one shows on its screen. */
const firstScreens = new WeakMap<AppHistory, Promise<unknown>>();

function firstScreensOf(history: AppHistory): Promise<unknown> {
  let loading = firstScreens.get(history);
  if (!loading) {
    loading = readableAtOnce(preloadScreens(history.location).catch(() => undefined));
    firstScreens.set(history, loading);
  }
  return loading;
}

/**
 * The router of the app: the address shown is the history's, but a new place is rendered only once the code of its
 * screens has loaded, so a link keeps the page it was clicked on until the next can be shown whole (no loader in
 * between), as the data router did. Rendered as a transition: a long page renders in slices that let the browser
 * answer input. A place the history has already left when its code arrives is not rendered.
 */
export function AppRouter({ history, children }: { history: AppHistory; children: ReactNode }) {
  // The first render waits for the first place's screens, as the data router did: rendered at once, the layout and a
  // loader would be committed first and the page a pass later, more work at the start of every page (the builder's
  // Lighthouse total blocking time grew by half). Inside the restoration gate, whose transition keeps its
  // placeholder on screen meanwhile.
  use(firstScreensOf(history));
  const [place, setPlace] = useState({ action: history.action, location: history.location });
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        // A failed load shows on the screen that needed it (its error boundary), so the place is rendered either way.
        const shown = () => {
          if (history.location.key === location.key) startTransition(() => setPlace({ action, location }));
        };
        preloadScreens(location).then(shown, shown);
      }),
    [history],
  );
  return (
    <Router location={place.location} navigationType={place.action} navigator={history}>
      {children}
    </Router>
  );
}

/** The app's screens, inside `AppRouter`. */
export function AppRoutes() {
  return useRoutes(routes);
}
