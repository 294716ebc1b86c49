import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { homeCountry } from '../lib/countries';
import { loadScreenMessages, type ScreenCatalogue } from '../lib/i18n';
import { preloadProductActions } from './layout/product-actions';
import { CountryRoot } from './routes/country-root';
import { NotFoundPage } from './routes/not-found-page';
import { RouteError } from './routes/error-screens';

function RootRedirect() {
  return <Navigate to={`/${homeCountry()}`} replace />;
}

/**
 * The lazy part of a route: it renders the export `name` of the module `load` brings; `ready` waits for what the module needs
 * before it renders (its persisted state, restored from IndexedDB).
 */
function page<M>(
  load: () => Promise<M>,
  name: keyof M,
  ready?: (module: M) => Promise<void>,
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const module = await load();
    await ready?.(module);
    return { Component: module[name] as ComponentType };
  };
}

/**
 * A screen whose messages are in a catalogue of their own (`src/lib/i18n.ts`): the home, the other public screens
 * (`pages`) or those behind a session (`members`). The module and the catalogue download side by side.
 */
function withMessages(
  catalogue: ScreenCatalogue,
  lazy: () => Promise<{ Component: ComponentType }>,
): () => Promise<{ Component: ComponentType }> {
  return async () => (await Promise.all([lazy(), loadScreenMessages(catalogue)]))[0];
}

/** A screen that lists products: the cards' cart and favourite controls download beside its chunk. */
function listingProducts(
  lazy: () => Promise<{ Component: ComponentType }>,
): () => Promise<{ Component: ComponentType }> {
  return () => {
    preloadProductActions();
    return lazy();
  };
}

// One loader per module: each `import()` call carries its chunk's preload list, and the app shell pays for every
// copy of it.
const checkoutRoute = () => import('./routes/checkout-route');
const articlesRoute = () => import('./routes/articles-route');
const ordersRoute = () => import('./routes/orders-route');
const patientsRoute = () => import('./routes/patients-route');
const prescriptionRoute = () => import('./routes/prescription-route');
const myPrescriptionsRoute = () => import('./routes/my-prescriptions-route');

const checkoutReady = (module: Awaited<ReturnType<typeof checkoutRoute>>) => module.checkoutFormRestored();
const draftsReady = (module: Awaited<ReturnType<typeof prescriptionRoute>>) => module.draftsRestored();

export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect />, errorElement: <RouteError /> },
  {
    // Product §2: the country route parameter is named `locale`.
    path: '/:locale',
    element: <CountryRoot />,
    // What fails in the layout itself: the error screen takes the whole page.
    errorElement: <RouteError />,
    children: [
      {
        // What fails inside a screen: its error screen stands where the screen was, and the header, the menu and the
        // bag around it keep working (as inside the account area and admin, below).
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            lazy: listingProducts(
              withMessages(
                'home',
                page(() => import('./routes/home-page'), 'HomePage'),
              ),
            ),
          },
          {
            path: 'herramientas',
            lazy: listingProducts(page(() => import('../features/catalog/components/catalog-page'), 'CatalogPage')),
          },
          {
            path: 'herramientas/:slug',
            lazy: listingProducts(page(() => import('../features/catalog/components/product-page'), 'ProductPage')),
          },
          { path: 'bolsa', lazy: withMessages('members', page(checkoutRoute, 'CheckoutRoute', checkoutReady)) },
          {
            path: 'bolsa/resultado/:sourceId',
            lazy: withMessages('members', page(checkoutRoute, 'CheckoutResultRoute', checkoutReady)),
          },
          {
            path: 'nosotros',
            lazy: withMessages(
              'pages',
              page(() => import('./routes/about-route'), 'AboutRoute'),
            ),
          },
          { path: 'articulos', lazy: withMessages('pages', page(articlesRoute, 'ArticlesRoute')) },
          { path: 'articulos/:slug', lazy: withMessages('pages', page(articlesRoute, 'ArticleRoute')) },
          { path: 'terminos-y-condiciones', element: <Navigate to="home" replace /> },
          {
            path: 'terminos-y-condiciones/home',
            lazy: withMessages(
              'pages',
              page(() => import('./routes/terms-route'), 'TermsRoute'),
            ),
          },
          {
            path: 'solicitar-atencion',
            lazy: withMessages(
              'pages',
              page(() => import('./routes/medical-request-route'), 'MedicalRequestRoute'),
            ),
          },
          {
            path: 'iniciar-sesion',
            lazy: withMessages(
              'pages',
              page(() => import('../features/auth/components/login-page'), 'LoginPage'),
            ),
          },
          {
            path: 'registro',
            lazy: withMessages(
              'pages',
              page(() => import('../features/auth/components/register-page'), 'RegisterPage'),
            ),
          },
          {
            path: 'olvide-contrasena',
            lazy: withMessages(
              'pages',
              page(() => import('../features/auth/components/forgot-password-page'), 'ForgotPasswordPage'),
            ),
          },
          {
            path: 'restablecer-contrasena',
            lazy: withMessages(
              'pages',
              page(() => import('../features/auth/components/reset-password-page'), 'ResetPasswordPage'),
            ),
          },
          {
            path: 'mi-cuenta',
            lazy: withMessages(
              'members',
              page(() => import('../features/account/components/account-layout'), 'AccountLayout'),
            ),
            children: [
              {
                errorElement: <RouteError />,
                children: [
                  { index: true, element: <Navigate to="datos-personales" replace /> },
                  {
                    path: 'datos-personales',
                    lazy: page(() => import('./routes/personal-data-route'), 'PersonalDataRoute'),
                  },
                  {
                    path: 'mis-favoritos',
                    lazy: listingProducts(page(() => import('./routes/favorites-route'), 'FavoritesRoute')),
                  },
                  { path: 'mis-pedidos', lazy: page(ordersRoute, 'OrdersRoute') },
                  { path: 'mis-pedidos/:orderId', lazy: page(ordersRoute, 'OrderDetailRoute') },
                  { path: 'mis-puntos', lazy: page(() => import('./routes/points-route'), 'PointsRoute') },
                  { path: 'recordatorios', lazy: page(() => import('./routes/reminders-route'), 'RemindersRoute') },
                  // Professional tools (product §2): patients, prescriptions, recommendations, medical resources.
                  { path: 'mis-pacientes', lazy: page(patientsRoute, 'PatientsRoute') },
                  { path: 'mis-pacientes/:patientId', lazy: page(patientsRoute, 'PatientDetailRoute') },
                  {
                    path: 'mis-pacientes/:patientId/estrategias/:prescriptionId',
                    lazy: page(patientsRoute, 'StrategyDetailRoute'),
                  },
                  { path: 'prescripcion', lazy: page(prescriptionRoute, 'PrescriptionRoute', draftsReady) },
                  { path: 'recomendaciones', lazy: page(prescriptionRoute, 'RecommendationRoute', draftsReady) },
                  { path: 'mis-prescripciones', lazy: page(myPrescriptionsRoute, 'MyPrescriptionsRoute') },
                  {
                    path: 'mis-prescripciones/:prescriptionId',
                    lazy: page(myPrescriptionsRoute, 'MyPrescriptionDetailRoute'),
                  },
                  {
                    path: 'herramientas-funcionales',
                    lazy: page(() => import('./routes/resources-route'), 'ResourcesRoute'),
                  },
                  {
                    path: 'envios-pendientes',
                    lazy: page(
                      () => import('../features/pending-uploads/components/pending-uploads-page'),
                      'PendingUploadsPage',
                    ),
                  },
                  {
                    path: ':section',
                    lazy: page(
                      () => import('../features/account/components/account-section'),
                      'AccountSectionNotFound',
                    ),
                  },
                ],
              },
            ],
          },
          {
            path: 'admin',
            lazy: withMessages(
              'members',
              page(() => import('../features/admin/components/admin-layout'), 'AdminLayout'),
            ),
            children: [
              {
                errorElement: <RouteError />,
                children: [
                  { index: true, element: <Navigate to="gestion-afiliados" replace /> },
                  {
                    path: ':section',
                    lazy: page(() => import('../features/admin/components/admin-section'), 'AdminSectionRoute'),
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

export function createRouter() {
  return createBrowserRouter(routes);
}
