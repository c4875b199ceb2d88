// What other services use of 企业赋码: giving a confirmed enterprise profile its code, inside the
// transaction that saves it (the calculator's saveEnterprise).
export { assignCode } from './assign';
