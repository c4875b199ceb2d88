// What other services use of 企业走访: its table (an appeal names the visit it came from, by its
// number), and the place a service that follows up a visit's problems registers itself (follow-ups.ts).
export { visits } from './schema';
export type { FollowUpSlot, ProblemFollowUps, RaisedProblem } from './follow-ups';
// Staff's record of an enterprise (compose/enterprise-record.ts) lists its visits.
export { visitsOfEnterprise } from './enterprise-visits';
