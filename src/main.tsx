import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { initI18n } from '#src/lib/i18n.ts';
import { connectNavigation } from '#src/lib/api.ts';
import { ToastBar } from '#src/ui/toast/toast-bar.tsx';
import { router } from '#src/app/router.tsx';
import '#src/ui/ui.css';
import '#src/layout/layout.css';
import '#src/layout/pages.css';

await initI18n();
// A 403 answer goes to /home (spec §8); /home sends a user without reports on to their first screen.
connectNavigation({ navigate: (path) => void router.navigate(path), homePath: () => '/home' });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* The query client comes with the signed-in frame (dashboard-layout.tsx): the sign-in route stays light. */}
    <RouterProvider router={router} />
    <ToastBar />
  </StrictMode>,
);
