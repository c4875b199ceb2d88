// The record staff open by an enterprise's 企业码 shows what other services hold of it: its open
// appeals (企业诉求) and its visits (企业走访). It is composed here, above the services, from their
// public faces, and handed to 企业赋码 where the app is put together (app.ts), as the web composes
// enterpriseCards: no service reads another's items for it.
import type { EnterpriseRecord } from '../services/entcode/public';
import { openAppealsOf } from '../services/appeal/public';
import { visitsOfEnterprise } from '../services/visit/public';

/** The latest items listed on the record, of each kind. */
const LISTED = 10;

export const enterpriseRecord: EnterpriseRecord = async (db, enterpriseId) => {
  const appeals = await openAppealsOf(db, enterpriseId, LISTED);
  const visits = await visitsOfEnterprise(db, enterpriseId, LISTED);
  return { openAppealCount: appeals.total, openAppeals: appeals.list, visitCount: visits.total, visits: visits.list };
};
