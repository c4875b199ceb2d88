// The addresses of the policy service's portal pages, for its own links and for the pages that
// link to them (the home page's 政策文件 figure).
import { MARKET_PATH, POLICY_DOC_PATH, policyDocLink } from '@hqt/contract/policy-links';

export { MARKET_PATH, POLICY_DOC_PATH, policyDocLink };

/** 政策超市's 政策文件 view (its list state: portal/market-prefetch.ts, DOCS_LIST). */
export const POLICY_DOCS_VIEW = `${MARKET_PATH}?view=docs`;
