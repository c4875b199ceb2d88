// An id read from the address (a path's :id, a search param such as ?id= or ?handlerId=): a row's
// id or nothing — digits only, from 1 to the database's largest integer. Anything else is no id, so
// a page says 不存在 without asking the server.
import { MAX_INT } from '@hqt/contract/constants';

export const idInAddress = (raw: string | null | undefined): number | null => {
  const n = Number(raw);
  return raw && /^\d+$/.test(raw) && Number.isSafeInteger(n) && n >= 1 && n <= MAX_INT ? n : null;
};
