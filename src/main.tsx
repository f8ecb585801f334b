import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { initI18n } from '#src/lib/i18n.ts';
import { connectNavigation } from '#src/lib/api.ts';
import { ToastBar } from '#src/ui/toast/toast-bar.tsx';
import { queryClient } from '#src/app/query-client.ts';
import { homePath } from '#src/app/routes.ts';
import { router } from '#src/app/router.tsx';
import '#src/ui/ui.css';
import '#src/layout/layout.css';

await initI18n();
connectNavigation({ navigate: (path) => void router.navigate(path), homePath });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastBar />
    </QueryClientProvider>
  </StrictMode>,
);
