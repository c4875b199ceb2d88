// An enterprise's profile as the calculator's form sends it, for tests that need an enterprise of
// their own: a valid, unique credit code each time, the rest as a small 云溪 manufacturer.
import type { EnterpriseBody } from '@hqt/contract/calculator';
import { creditCodeCheckChar } from '@hqt/contract/validation';

let seq = 0;
/** A credit code no other test file of this run makes (the process id is in it) with its check character. */
export const creditCode = () => {
  const base = `91520000${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(6, '0')}`;
  return base + creditCodeCheckChar(base);
};

/** The year China is in now: the profile's indicators are last year's. */
export const thisYear = Number(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 4));

export const profile = (over: Partial<EnterpriseBody> = {}): EnterpriseBody => ({
  name: '云溪精工机械有限公司',
  creditCode: creditCode(),
  legalPerson: '张伟',
  nature: 'private',
  contactPhone: '13912345678',
  foundedOn: '2019-03-01',
  registeredCapital: 1000,
  patents: 3,
  industry: 'C',
  scale: 'small',
  region: 'park',
  qualifications: [{ code: 'hightech', validUntil: `${thisYear + 1}-12-31` }],
  indicators: [{ year: thisYear - 1, revenue: 98765, tax: 4321, rdExpense: 140, staff: 100, socialInsurance: 90, investment: 300 }],
  ...over,
});
