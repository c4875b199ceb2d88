// What the app's own pages read off the feature modules (the footer links, the home tiles, the
// 工作台's cards), handed down by the root (app/root.tsx) instead of imported: the modules load
// these pages, so a page importing the list of modules back would close an import cycle
// (docs/boundaries.md). This file imports nothing of app/ but types.
import { createContext, use, type ComponentType } from 'react';
import type { FeatureRoute } from '@/shared/feature-module';

export interface Site {
  /** The portal footer's links, in order. */
  footerLinks: FeatureRoute[];
  /** The home page's service tiles, in order. */
  homeTiles: FeatureRoute[];
  /** The services' cards on the console's 工作台 (FeatureModule.workbench). */
  workbenchCards: ComponentType[];
}

export const SiteContext = createContext<Site | null>(null);

/** The site's lists; only below the root (app/root.tsx), which provides them. */
export const useSite = (): Site => use(SiteContext)!;
