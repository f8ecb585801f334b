import { createBrowserRouter, Navigate } from 'react-router-dom';
import { RouteError } from '#src/layout/route-error.tsx';
import { dashboardChildren, loadScreen } from './route-objects.tsx';
import { LAYOUT_LOCALES } from './routes.ts';

export const router = createBrowserRouter([
  {
    path: '/login',
    errorElement: <RouteError />,
    lazy: async () => ({
      Component: (
        await loadScreen(() => import('#src/features/auth/login-page.tsx'), [], undefined, {
          validation: false,
        })
      ).default,
    }),
  },
  {
    path: '/404',
    errorElement: <RouteError />,
    lazy: async () => ({
      Component: (
        await loadScreen(() => import('#src/features/system/not-found-page.tsx'), [], undefined, {
          validation: false,
        })
      ).default,
    }),
  },
  {
    // The signed-in frame loads after sign-in: the sign-in page stays light (DESIGN.md budgets).
    lazy: async () => ({
      Component: (
        await loadScreen(() => import('#src/layout/dashboard-layout.tsx'), LAYOUT_LOCALES)
      ).DashboardLayout,
    }),
    errorElement: <RouteError />,
    children: dashboardChildren(),
  },
  { path: '*', element: <Navigate to="/404" replace /> },
]);
