// The demo's 公示 and payments, made through the payout service with times in the past, so the
// console's 公示管理 and 资金拨付 have something in each state: other enterprises' applications,
// approved a month and more ago, went through a 公示 that has ended; two of them have their 资金下达,
// one of those authorised and sent to the treasury in a batch (its return file is for a person to
// read in), the other waiting for 授权, the third still 待拨付. The demo enterprise's own 拟支持 is
// left for a person (and payout.spec) to publish.
import { and, asc, eq, ne } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import { chinaDate } from '@hqt/contract/working-days';
import { accounts, enterprises } from '../../db/schema/index';
import { systemCtx } from '../../lib/ctx';
import { applications } from '../../services/apply/public';
import { authorisePayments, recordRelease, sendBatch } from '../../services/payout/ledger';
import { endPublicity, publishPublicity, type PayoutDeps } from '../../services/payout/publicity';
import { payments, publicities } from '../../services/payout/schema';
import { demoCtx, tolerate } from './demo-ctx';

const DAY = 24 * 3_600_000;

export async function seedPayoutDemo(deps: PayoutDeps, demoUsername: string, now = new Date()): Promise<void> {
  const [demo] = await deps.db.select().from(accounts).where(eq(accounts.username, demoUsername));
  const [own] = await deps.db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.accountId, demo!.id)).orderBy(asc(enterprises.id)).limit(1);
  const [staffAccount] = await deps.db.select().from(accounts).where(eq(accounts.roleId, ROLES.staff.id)).orderBy(asc(accounts.id)).limit(1);
  const staff = demoCtx(staffAccount!);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  // A step the service refuses (a calendar year not published) leaves the rest of this demo out.
  await tolerate(async () => {
    const approved = await deps.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.status, 'approved'), ne(applications.enterpriseId, own!.id)))
      .orderBy(asc(applications.id));
    if (approved.length < 3) return;
    // Published 30 days ago for 7 working days; ended by its timer (taken here at its end).
    const opened = ago(30);
    const publicity = await publishPublicity(deps, staff, { title: `${chinaDate(opened).slice(0, 4)}年度第一批惠企政策拟支持项目公示`, applicationIds: approved.map((a) => a.id), startsOn: chinaDate(opened), days: 7 }, opened);
    const [{ endsAt }] = (await deps.db.select({ endsAt: publicities.endsAt }).from(publicities).where(eq(publicities.id, publicity.id))) as [{ endsAt: Date }];
    await endPublicity(deps, systemCtx(), publicity.id, endsAt);

    // 资金下达 for the first two, 15 days ago; the first's instruction authorised by the staff member
    // (the approver was the 管理员) and sent to the treasury, the second's left 待授权.
    const released = approved.slice(0, 2).map((a) => a.id);
    await recordRelease(deps, staff, { docNumber: '云财建〔2026〕45号', docDate: chinaDate(ago(16)), fund: '县工业发展专项资金', applicationIds: released }, ago(15));
    const issued = await deps.db.select({ id: payments.id }).from(payments).where(eq(payments.applicationId, released[0]!));
    await authorisePayments(deps, staff, issued.map((p) => p.id), ago(14));
    await sendBatch(deps, staff, issued.map((p) => p.id), ago(13));
  });
}
