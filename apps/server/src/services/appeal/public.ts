// What other services use of 企业诉求: its table, for the dictionary's usage count of a category
// (an appeal's category code cannot be deleted from 字典管理 while appeals use it); an enterprise's
// open appeals, for the record staff open by its 企业码 (compose/enterprise-record.ts); an appeal
// filed from another service's item (政策申兑's 差评 for 整改, 申报遇到困难) and those filed from one.
export { appeals } from './schema';
export { openAppealsOf } from './queries';
export { appealsFrom, fileSourcedAppeal, type SourcedAppeal } from './visit-problems';
