// The services' cards on the console's 企业详情 (FeatureModule.enterpriseCard), handed down by the
// root (app/root.tsx) from the feature modules: the account feature's page draws each for its
// enterprise without importing the features that declare them (docs/boundaries.md).
import { createContext, use, type ComponentType } from 'react';

export type EnterpriseCard = ComponentType<{ enterpriseId: number }>;

export const EnterpriseCardsContext = createContext<readonly EnterpriseCard[]>([]);

/** Every module's 企业详情 card, in the modules' order. */
export const useEnterpriseCards = () => use(EnterpriseCardsContext);
