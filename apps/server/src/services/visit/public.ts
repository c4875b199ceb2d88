// What other services use of 企业走访: its table (an appeal may name a visit), and the place a service
// that follows up a visit's problems registers itself (follow-ups.ts).
export { visits } from './schema';
export type { FollowUpSlot, ProblemFollowUps, RaisedProblem } from './follow-ups';
// 企业赋码's staff record lists an enterprise's visits.
export { visitsOfEnterprise } from './enterprise-visits';
