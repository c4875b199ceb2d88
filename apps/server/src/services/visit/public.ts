// What other services use of 企业走访: its table, for the dictionary's usage count of a visit type
// (a `visitType` code cannot be deleted from 字典管理 while visits use it).
export { visits } from './schema';
