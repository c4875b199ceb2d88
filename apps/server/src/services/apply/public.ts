// What other services use of 政策申兑: an application as a workflow subject (公示 and 拨付 move it on,
// services/payout), its tables, and the yearly 资金额度 it is paid from.
export { applicationSubject, APPLY_AUDIT, holdApproval } from './service';
export { applications, applyBudgets, applyForms } from './schema';
