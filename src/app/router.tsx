import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { APP_ROUTES } from './routes.ts';
import { RouteGuard } from '#src/layout/route-guard.tsx';
import { RouteError } from '#src/layout/route-error.tsx';

const dashboardChildren: RouteObject[] = APP_ROUTES.map((route) => ({
  path: route.path,
  handle: route,
  lazy: async () => {
    const { default: Page } = await route.page();
    return {
      element: (
        <RouteGuard route={route}>
          <Page />
        </RouteGuard>
      ),
    };
  },
}));

export const router = createBrowserRouter([
  {
    path: '/login',
    errorElement: <RouteError />,
    lazy: async () => ({ Component: (await import('#src/features/auth/login-page.tsx')).default }),
  },
  {
    path: '/404',
    errorElement: <RouteError />,
    lazy: async () => ({
      Component: (await import('#src/features/system/not-found-page.tsx')).default,
    }),
  },
  {
    // The signed-in frame loads after sign-in: the sign-in page stays light (DESIGN.md budgets).
    lazy: async () => ({
      Component: (await import('#src/layout/dashboard-layout.tsx')).DashboardLayout,
    }),
    errorElement: <RouteError />,
    children: dashboardChildren,
  },
  { path: '*', element: <Navigate to="/404" replace /> },
]);
