// What other services use of 企业诉求: its table, for the dictionary's usage count of a category
// (an appeal's category code cannot be deleted from 字典管理 while appeals use it).
export { appeals } from './schema';
