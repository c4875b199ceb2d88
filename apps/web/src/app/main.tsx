import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@/shared/ui/global.css';
import { loadPlatformInfo } from '@/shared/api/platform';
import { keepScrollRegionsReachable } from '@/shared/ui/scroll-regions';
import { keepBootFrame } from './boot-frame';
import { Providers } from './providers';
import { createRouter } from './router';

keepScrollRegionsReachable();
// The bureau's name and contact for the header or the sign-in banner, asked for while the route's code loads.
loadPlatformInfo().catch(() => {});

const root = document.getElementById('root')!;
keepBootFrame(root);
createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>,
);
