import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { PageSpinner } from '../ui/Spinner';
import { AuthGuard } from './guards/AuthGuard';
import { PublicOnly } from './guards/PublicOnly';
import { RouteErrorPage } from './RouteErrorPage';

function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/**
 * Spec §2 route table. Each page is its own lazy chunk so the login page ships only what it needs;
 * pages still to be built by later issues fall through to the not-found page until they are added here.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        Component: PublicOnly,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/landing/LandingPage')).LandingPage }),
          },
          {
            path: 'login',
            lazy: async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage }),
          },
        ],
      },
      {
        Component: AuthGuard,
        children: [
          {
            lazy: async () => ({ Component: (await import('./shell/AppShell')).AppShell }),
            children: [
              {
                path: 'admin-home',
                lazy: async () => ({
                  Component: (await import('../features/admin-dashboard/AdminDashboardPage')).AdminDashboardPage,
                }),
              },
              {
                path: 'dashboard',
                lazy: async () => ({ Component: (await import('../features/dashboard/DashboardPage')).DashboardPage }),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../features/not-found/NotFoundPage')).NotFoundPage }),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
