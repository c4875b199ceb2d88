// Fills a database with N synthetic enterprises with complete profiles, and the accounts that hold
// them, for the calculator's benchmarks. Deterministic: the same n gives the same rows (indicator
// years follow the current year, so every profile has 上年度 and 本年度 data).
import { ROLES } from '@hqt/contract/auth';
import { dateOf, type EnterpriseFacts } from '@hqt/contract/calculator-engine';
import { creditCodeCheckChar } from '@hqt/contract/validation';
import type { DbOrTx } from '../../db/client';
import { accounts, enterprises } from '../../db/schema/index';

const INDUSTRIES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M'];
const SCALES = ['large', 'medium', 'small', 'micro'];
const REGIONS = ['chengguan', 'yunxi', 'dongba', 'qinghe', 'longtan', 'shiqiao', 'baima', 'park'];
const QUALIFICATIONS = ['hightech', 'srdi', 'littlegiant', 'techsme', 'abovescale', 'gazelle'];
const NATURES = ['state', 'collective', 'private', 'foreign', 'hkmt', 'other'];
const NAMES = ['云溪', '清河', '龙潭', '石桥', '白马', '东坝'];
const TRADES = ['精密机械', '新材料', '软件科技', '农业开发', '物流', '食品', '建设工程', '电子'];

/** A credit code valid by its check character, unique per index (up to 10⁹). */
export const syntheticCreditCode = (i: number) => {
  const first17 = `91510000${String(i).padStart(9, '0')}`;
  return first17 + creditCodeCheckChar(first17);
};

/** Enterprise i's facts: sizes spread over three orders of magnitude, some data missing (never enterprise 0's). */
export function syntheticFacts(i: number, thisYear = Number(dateOf(new Date()).slice(0, 4))): EnterpriseFacts {
  // A cheap deterministic spread (not random): sizes that do not line up with the guides' cycles.
  const size = [0.05, 0.2, 1, 3, 10, 40][(i * 7) % 6]! * (1 + ((i * 37) % 10) / 10);
  const indicators = [2, 1, 0]
    .filter((back) => !(back === 0 && i % 4 === 3)) // one in four has not filled this year in yet
    .map((back) => {
      const grow = 1 + ((i + back) % 5) / 20 - back / 10;
      const revenue = Math.round(500 * size * grow * 100) / 100;
      const staff = Math.max(1, Math.round(30 * size * grow));
      return {
        year: thisYear - back,
        revenue,
        tax: Math.round(revenue * 0.05 * 100) / 100,
        rdExpense: i % 7 === 6 ? null : Math.round(revenue * (0.005 + ((i * 3) % 10) / 100) * 100) / 100,
        staff,
        socialInsurance: Math.min(staff, Math.floor(staff * (0.6 + ((i * 11) % 5) / 10))),
        investment: i % 5 === 4 ? null : Math.round(revenue * 0.1 * 100) / 100,
      };
    });
  const held = QUALIFICATIONS.filter((_, q) => (i >> q) % 3 === 0).slice(0, 3);
  return {
    foundedOn: `${thisYear - 1 - (i % 20)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    registeredCapital: i % 9 === 8 ? null : 50 * (1 + (i % 100)),
    patents: i % 6 === 5 ? null : (i * 13) % 25,
    industry: INDUSTRIES[i % INDUSTRIES.length]!,
    scale: SCALES[(i * 3) % SCALES.length]!,
    region: REGIONS[(i * 5) % REGIONS.length]!,
    // Some qualifications have lapsed: an expired one no longer counts.
    qualifications: held.map((code, q) => ({ code, validUntil: (i + q) % 4 === 0 ? `${thisYear - 1}-12-31` : q % 2 === 0 ? null : `${thisYear + 2}-06-30` })),
    indicators,
  };
}

export interface GenerateEnterprisesOptions {
  /** Enterprises per account (集团 holding several). */
  perAccount?: number;
  batch?: number;
  /** Usernames are `${usernamePrefix}${k}`. */
  usernamePrefix?: string;
  /** A real hash lets the accounts log in; the default one never matches a password. */
  passwordHash?: string;
}

/** Inserts ceil(n / perAccount) enterprise accounts and n enterprises; answers the account ids. */
export async function generateEnterprises(
  db: DbOrTx,
  n: number,
  { perAccount = 100, batch = 1000, usernamePrefix = 'synthetic_', passwordHash = 'synthetic-no-login' }: GenerateEnterprisesOptions = {},
): Promise<number[]> {
  const accountIds: number[] = [];
  const accountCount = Math.ceil(n / perAccount);
  for (let start = 0; start < accountCount; start += batch) {
    const rows = [];
    for (let k = start; k < Math.min(accountCount, start + batch); k++) {
      rows.push({ username: `${usernamePrefix}${k}`, passwordHash, name: `${NAMES[k % NAMES.length]}合成集团${k + 1}`, roleId: ROLES.enterprise.id });
    }
    accountIds.push(...(await db.insert(accounts).values(rows).returning({ id: accounts.id })).map((r) => r.id));
  }
  const thisYear = Number(dateOf(new Date()).slice(0, 4));
  for (let start = 0; start < n; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(n, start + batch); i++) {
      const facts = syntheticFacts(i, thisYear);
      rows.push({
        accountId: accountIds[Math.floor(i / perAccount)]!,
        name: `${NAMES[i % NAMES.length]}${TRADES[(i * 3) % TRADES.length]}有限公司（${i + 1}）`,
        creditCode: syntheticCreditCode(i),
        legalPerson: `法人${i + 1}`,
        nature: NATURES[i % NATURES.length]!,
        contactPhone: `139${String(i).padStart(8, '0')}`,
        ...facts,
        qualifications: facts.qualifications.map((q) => ({ code: q.code, validUntil: q.validUntil ?? null })),
      });
    }
    await db.insert(enterprises).values(rows);
  }
  return accountIds;
}
