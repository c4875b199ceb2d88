// The demo's 企业走访, planned and taken through the service itself at chosen times, so numbers,
// timelines, messages and the appeals of a summary's problems are the real ones: the demo
// enterprise's visits in each state it meets (to confirm, confirmed, 改期协商, held and to
// appraise, appraised, its own request). A refused step leaves its visit where it stands: demo data
// never stop the start.
import { eq } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import type { VisitPlanBody } from '@hqt/contract/visit-console';
import { accounts, enterprises } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { answerVisit, appraiseVisit, planVisit, requestVisit, writeSummary, type VisitDeps } from '../../services/visit/service';
import { demoCtx } from './demo-ctx';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** 10:00–11:30 China time on the China day `days` from `now`. */
function morning(now: Date, days: number) {
  const day = new Date(now.getTime() + days * DAY + 8 * HOUR).toISOString().slice(0, 10);
  const start = new Date(`${day}T02:00:00.000Z`);
  return { startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 1.5 * HOUR).toISOString() };
}

/**
 * Two hours after the `morning(now, days)` visit ended: when its summary is written. Counted from the
 * visit, never from `now`'s hour: a summary before the visit's start is refused, and "ten days ago
 * less four hours" fell before 10:00 when the demo was seeded between midnight and 06:00 China time.
 */
const afterVisit = (now: Date, days: number) => new Date(Date.parse(morning(now, days).endsAt) + 2 * HOUR);

export async function seedVisitDemo(deps: VisitDeps, demoUsername: string, now = new Date()): Promise<void> {
  const [demo] = await deps.db.select().from(accounts).where(eq(accounts.username, demoUsername));
  const [enterprise] = await deps.db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.accountId, demo!.id));
  const [staffAccount] = await deps.db.select().from(accounts).where(eq(accounts.roleId, ROLES.staff.id));
  const [adminAccount] = await deps.db.select().from(accounts).where(eq(accounts.roleId, ROLES.admin.id));
  const owner = demoCtx(demo!, [enterprise!.id]);
  const staff = demoCtx(staffAccount!);
  const body = (subject: string, type: string, days: number, extra: Partial<VisitPlanBody> = {}): VisitPlanBody => ({
    enterpriseId: enterprise!.id,
    subject,
    type,
    method: 'onsite',
    place: '云溪经济开发区创业路 8 号',
    staff: [
      { accountId: staffAccount!.id, lead: true },
      { accountId: adminAccount!.id, lead: false },
    ],
    force: true,
    ...morning(now, days),
    ...extra,
  });
  const ago = (ms: number) => new Date(now.getTime() - ms);
  try {
    // 待确认
    await planVisit(deps, staff, body('技改补贴政策宣讲', 'policy', 5), ago(3 * HOUR));
    // 已确认, the day after tomorrow
    const confirmed = await planVisit(deps, staff, body('了解智能产线项目建设进度', 'project', 2), ago(3 * DAY));
    await answerVisit(deps, owner, { id: confirmed, action: 'approve' }, ago(2 * DAY));
    // 改期协商: the enterprise proposed another time
    const moved = await planVisit(deps, staff, body('季度日常走访', 'routine', 4, { method: 'phone', place: '电话' }), ago(2 * DAY));
    const other = morning(now, 8);
    await answerVisit(deps, owner, { id: moved, action: 'propose', proposed: { start: other.startsAt, end: other.endsAt }, note: '当天有客户验厂，建议改到下周' }, ago(DAY));
    // 已走访: the summary written, a problem become an appeal, waiting for the appraisal
    const held = await planVisit(deps, staff, body('收集企业发展中的困难和问题', 'problems', -10), ago(15 * DAY));
    await answerVisit(deps, owner, { id: held, action: 'approve' }, ago(14 * DAY));
    await writeSummary(
      deps,
      staff,
      held,
      {
        content: '走访了解企业生产经营情况：订单饱满，产能利用率约 90%。宣讲了研发费用加计扣除和技改补贴政策。企业反映用地紧张、技工招聘难。',
        problems: [{ category: 'talent', title: '数控技工招聘困难', content: '企业数控技工缺口约 10 人，希望对接县职业技术学校开展订单式培养。' }],
      },
      afterVisit(now, -10),
    );
    // 已评价
    const appraised = await planVisit(deps, staff, body('专精特新申报辅导', 'policy', -40), ago(45 * DAY));
    await answerVisit(deps, owner, { id: appraised, action: 'approve' }, ago(44 * DAY));
    await writeSummary(deps, staff, appraised, { content: '逐项对照专精特新中小企业认定条件，企业已具备申报条件，约定 3 月份提交材料。' }, afterVisit(now, -40));
    await appraiseVisit(deps, owner, { id: appraised, rating: 'verySatisfied', comment: '辅导细致，很有帮助' }, ago(39 * DAY));
    // 企业申请
    await requestVisit(
      deps,
      owner,
      {
        enterpriseId: enterprise!.id,
        subject: '希望了解数字化转型补助',
        preferredTimes: [morning(now, 6), morning(now, 7)].map((t) => ({ start: t.startsAt, end: t.endsAt })),
        topics: '企业计划上 MES 系统，想了解数字化转型补助的申报条件和标准。',
      },
      ago(5 * HOUR),
    );
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
}
