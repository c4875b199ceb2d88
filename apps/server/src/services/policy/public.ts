// What other services use of the policy service: the market's page of published guides (企业赋码's
// card lists the guides open to an enterprise's industry).
export { guidePage, type PolicyDeps } from './service';
