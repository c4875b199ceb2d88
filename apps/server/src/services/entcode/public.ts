// What other services use of 企业赋码: giving a confirmed enterprise profile its code, inside the
// transaction that saves it (the calculator's saveEnterprise); and the shape of what staff's record
// of an enterprise shows from other services (composed in compose/enterprise-record.ts).
export { assignCode } from './assign';
export type { EnterpriseRecord } from './service';
