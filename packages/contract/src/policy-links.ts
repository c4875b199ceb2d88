// Where the policy service's portal pages are, owned here beside the service's contract: the web's
// links to a guide (from 诉求, 走访, the calculator's results, 企业码's card) and the server's
// messages (政策推送) lead through the same function. A file of its own: no schema comes with it.

/** 政策超市. */
export const MARKET_PATH = '/policyMarket/policyMarket';

/** A guide, opened in the market's drawer. */
export const guidePortalLink = (id: number) => `${MARKET_PATH}?guide=${id}`;

/** A 政策文件's own page (public). */
export const POLICY_DOC_PATH = '/policyDocument/policyDocument';
export const policyDocLink = (id: number) => `${POLICY_DOC_PATH}?id=${id}`;
