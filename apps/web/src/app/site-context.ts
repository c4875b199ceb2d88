// The feature modules, handed down by the root (app/root.tsx) to the app's own pages that read
// them (the footer's links, the home page's tiles, the 工作台's cards) instead of imported: the
// modules load these pages, so a page importing the list of modules back would close an import
// cycle (docs/boundaries.md). This file imports nothing of app/.
import { createContext, use } from 'react';
import type { FeatureModule, FeatureRoute } from '@/shared/feature-module';

export const SiteContext = createContext<readonly FeatureModule[]>([]);

/** Every module's routes of one part (the portal's or the console's). */
export const useRoutes = (part: 'portal' | 'console'): FeatureRoute[] => use(SiteContext).flatMap((f) => f[part] ?? []);

/** The services' cards on the console's 工作台 (FeatureModule.workbench), in the modules' order. */
export const useWorkbenchCards = () => use(SiteContext).flatMap((f) => (f.workbench ? [f.workbench] : []));
