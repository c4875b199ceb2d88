// Demo data for an empty database: the README's demo accounts. Never run in production.
import { sql } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { accounts, enterprises } from '../db/schema/index';
import { hashPassword } from '../services/auth/password';
import { assignCode } from '../services/entcode/public';
import { seedAppealDemo } from './demo-content/appeal';
import { seedApplyDemo } from './demo-content/apply';
import { seedPayoutDemo } from './demo-content/payout';
import { seedVisitDemo } from './demo-content/visit';
import { seedPolicyDemo } from './demo-content/policy';
import { seedPushDemo } from './demo-content/push';
import { reconcile } from '../services/qa/public';

export const DEMO_ACCOUNTS = {
  enterprise: { username: 'demo', password: 'Demo1234', name: '云溪智造科技有限公司' },
  staff: { username: 'staff', password: 'Staff1234', name: '李工' },
  admin: { username: 'admin', password: 'Admin1234', name: '王主任' },
} as const;

/** A valid 统一社会信用代码 (its check character computed by GB 32100). */
export const DEMO_CREDIT_CODE = '91511234MA62XY8K00';

/**
 * The demo enterprise's profile, its years relative to today's: a small manufacturer in the
 * development zone whose 上年度 R&D ratio (145 / 5200 ≈ 2.8%) falls just short of 专精特新's 3%,
 * with one qualification expired, so the calculator shows every kind of answer.
 */
export function demoProfile(thisYear: number) {
  return {
    legalPerson: '陈立新',
    nature: 'private',
    foundedOn: '2018-05-16',
    registeredCapital: 2000,
    patents: 6,
    industry: 'C',
    scale: 'small',
    region: 'park',
    qualifications: [
      { code: 'hightech', validUntil: `${thisYear + 1}-12-31` },
      { code: 'techsme', validUntil: `${thisYear}-12-31` },
      { code: 'srdi', validUntil: `${thisYear - 1}-06-30` },
    ],
    indicators: [
      { year: thisYear - 2, revenue: 4200, tax: 260, rdExpense: 130, staff: 120, socialInsurance: 112, investment: 380 },
      { year: thisYear - 1, revenue: 5200, tax: 310, rdExpense: 145, staff: 135, socialInsurance: 128, investment: 600 },
      { year: thisYear, revenue: 4600, tax: 240, rdExpense: 120, staff: 140, socialInsurance: 131, investment: 260 },
    ],
  };
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
  return (row?.n ?? 0) === 0;
}

export async function seedDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const { enterprise, staff, admin } = DEMO_ACCOUNTS;
    const [demo] = await tx
      .insert(accounts)
      .values({
        username: enterprise.username,
        passwordHash: await hashPassword(enterprise.password),
        name: enterprise.name,
        roleId: ROLES.enterprise.id,
        phone: '13800000001',
        email: 'demo@yunxi.cn',
      })
      .returning({ id: accounts.id });
    const [demoEnterprise] = await tx
      .insert(enterprises)
      .values({ accountId: demo!.id, name: enterprise.name, creditCode: DEMO_CREDIT_CODE, contactPhone: '13800000001', ...demoProfile(new Date().getFullYear()) })
      .returning({ id: enterprises.id, creditCode: enterprises.creditCode });
    await assignCode(tx, demoEnterprise!); // 一企一码 from its creation on, as registration gives it
    await seedPolicyDemo(tx);
    await seedPushDemo(tx, demo!.id);
    await tx.insert(accounts).values({
      username: staff.username,
      passwordHash: await hashPassword(staff.password),
      name: staff.name,
      roleId: ROLES.staff.id,
      phone: '13900000002',
      email: 'staff@yunxi.gov.cn',
    });
    await tx.insert(accounts).values({
      username: admin.username,
      passwordHash: await hashPassword(admin.password),
      name: admin.name,
      roleId: ROLES.admin.id,
      phone: '13900000003',
      email: 'admin@yunxi.gov.cn',
    });
  });
}

/**
 * After seedDemo, with the app built (ready): the workflow services' demo, filed and handled through
 * them, as if seeded at `now` (its tests choose the hour); the demo's documents are stored under
 * `uploadsDir`; `bureau` publishes the demo's 公示.
 */
export async function seedWorkflowDemo(app: FastifyInstance, { uploadsDir, bureau }: { uploadsDir: string; bureau: string }, now = new Date()): Promise<void> {
  await seedAppealDemo({ db: app.db, events: app.events, calendar: app.calendar, dicts: app.dicts }, DEMO_ACCOUNTS.enterprise.username, now);
  await seedVisitDemo({ db: app.db, calendar: app.calendar, dicts: app.dicts, events: app.events, followUps: app.visitFollowUps }, DEMO_ACCOUNTS.enterprise.username, now);
  await seedApplyDemo({ db: app.db, events: app.events, calendar: app.calendar, dicts: app.dicts }, uploadsDir, DEMO_ACCOUNTS.enterprise.username, now);
  await seedPayoutDemo({ db: app.db, events: app.events, calendar: app.calendar, bureau }, DEMO_ACCOUNTS.enterprise.username, now);
  // 政策问答: the demo's policies, seeded straight into their tables, answerable from the first question.
  await reconcile(app.db);
}
