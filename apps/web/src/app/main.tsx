import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@/shared/ui/global.css';
import { keepScrollRegionsReachable } from '@/shared/ui/scroll-regions';
import { Providers } from './providers';
import { createRouter } from './router';

keepScrollRegionsReachable();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>,
);
