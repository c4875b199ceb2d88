// What other services use of 企业走访: its table, for the dictionary's usage count of a visit type
// (a `visitType` code cannot be deleted from 字典管理 while visits use it) and an appeal's visit.
export { visits } from './schema';
// 企业赋码's staff record lists an enterprise's visits.
export { visitsOfEnterprise } from './enterprise-visits';
