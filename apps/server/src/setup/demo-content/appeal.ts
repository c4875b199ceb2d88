// The demo's 企业诉求, filed and handled through the service itself (saveAppeal, takeStep at chosen
// times), so their numbers, timelines, due dates in working days and messages are the real ones:
// the demo enterprise's own appeals in every state it acts on, and half a year of other
// enterprises' appeals for the figures. A step the calendar cannot date (a year not published)
// leaves its appeal where it stands: demo data never stop the start.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppealStepBody } from '@hqt/contract/appeal';
import { ROLES } from '@hqt/contract/auth';
import { creditCodeCheckChar } from '@hqt/contract/validation';
import { accounts, enterprises } from '../../db/schema/index';
import type { SignedInCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { saveAppeal, takeStep, type AppealDeps } from '../../services/appeal/service';
import { hashPassword } from '../../services/auth/password';
import { assignCode } from '../../services/entcode/public';
import { demoCtx } from './demo-ctx';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

type Who = 'enterprise' | 'staff' | 'admin';
interface Story {
  category: string;
  title: string;
  content: string;
  /** How long ago it was filed. */
  ago: number;
  /** Each step some hours after the one before it. */
  steps: (AppealStepBody & { by: Who; after: number })[];
}

const accept = (after: number) => ({ by: 'staff' as const, after, step: 'accept' as const });
const assign = (department: string) => ({ by: 'staff' as const, after: 1, step: 'assign' as const, department });
const reply = (after: number, note: string) => ({ by: 'staff' as const, after, step: 'reply' as const, note });
const rate = (after: number, rating: AppealStepBody['rating'], comment?: string) => ({ by: 'enterprise' as const, after, step: 'rate' as const, rating, comment });

/** The demo enterprise's own: one in each state it meets. */
const OWN: Story[] = [
  {
    category: 'policy',
    title: '高新技术企业认定申报材料咨询',
    content: '我公司拟于明年申报高新技术企业认定，想了解研发费用归集口径和知识产权数量要求，是否有申报辅导安排？',
    ago: 2 * HOUR,
    steps: [],
  },
  {
    category: 'finance',
    title: '申请“科技贷”贴息的办理进度',
    content: '我公司今年 6 月获得科技贷 300 万元，已按要求提交贴息申请，想了解目前的审核进度和预计拨付时间。',
    ago: 2 * DAY,
    steps: [accept(3), assign('gxj'), { by: 'staff', after: 1, step: 'remark', note: '已联系县财政局核对贴息名单' }],
  },
  {
    category: 'social',
    title: '新招用高校毕业生社保补贴申领',
    content: '今年新招用 8 名高校毕业生，想申领社会保险补贴，需要提供哪些材料？',
    ago: 4 * DAY,
    steps: [accept(2), assign('rsj'), { by: 'staff', after: 5, step: 'askSupplement', note: '请补充 8 名毕业生的劳动合同和社保缴费明细' }],
  },
  {
    category: 'infrastructure',
    title: '园区厂房外道路积水问题',
    content: '经开区创业路与园区三路交叉口每逢下雨严重积水，货车进出困难，请协调相关部门处理。',
    ago: 9 * DAY,
    steps: [accept(4), assign('fgj'), reply(100, '已协调经开区管委会对该路段排水管网进行疏通改造，预计 12 月中旬完工，施工期间请注意绕行。')],
  },
  {
    category: 'license',
    title: '食品经营许可证延续办理',
    content: '我公司食堂的食品经营许可证将于下月到期，想了解延续办理的流程和时限。',
    ago: 40 * DAY,
    steps: [accept(1), assign('scj'), reply(30, '可通过政务服务网“食品经营许可延续”事项在线办理，材料齐全的当场办结。'), rate(20, 'satisfied', '答复清楚，已办好')],
  },
];

/** Other enterprises' appeals still open: one past its due date, one due within days (the 工作台's first cards). */
const OPEN: Story[] = [
  {
    category: 'policy',
    title: '企业上云补助资金拨付进度',
    content: '我公司去年参与企业上云项目，补助资金至今未到账，请协助查询。',
    ago: 20 * DAY,
    steps: [accept(2), assign('czj')],
  },
  {
    category: 'license',
    title: '排污许可证变更登记咨询',
    content: '我公司新增一条生产线，需办理排污许可变更，想了解所需材料。',
    ago: 5 * DAY,
    steps: [accept(1), assign('scj')],
  },
];

const CATEGORIES = ['policy', 'finance', 'talent', 'social', 'infrastructure', 'license', 'market', 'other'];
const DEPARTMENTS = ['gxj', 'kjj', 'czj', 'rsj', 'swj', 'fgj', 'scj', 'tax'];
const TOPICS = ['技改项目补助申报', '流动资金贷款对接', '技术工人招聘', '稳岗返还办理', '园区供电扩容', '排污许可变更', '产品进入政府采购目录', '厂房租金减免'];
const OTHERS = ['云溪精工机械有限公司', '云溪绿源食品有限公司', '云溪华信电子科技有限公司', '云溪长青新材料有限公司', '云溪县顺达物流有限公司'];

/** Half a year of other enterprises' appeals, answered fast or late, rated across the scale. */
function history(i: number): Story {
  const late = i % 5 === 0; // replied after the limit, and accepted after a working day
  const outcome = i % 7;
  const answered = [accept(late ? 30 : 2), assign(DEPARTMENTS[i % DEPARTMENTS.length]!), reply(late ? 24 * 18 : 24 * (2 + (i % 4)), '已按相关政策答复并提供办理指引。')];
  const rated =
    outcome === 0 ? [rate(10, 'verySatisfied')]
    : outcome === 1 || outcome === 2 ? [rate(20, 'satisfied')]
    : outcome === 3 ? [rate(30, 'basic')]
    : outcome === 4 ? [rate(8, 'dissatisfied', '答复未解决实际问题'), { by: 'staff' as const, after: 24, step: 'callBack' as const, note: '电话回访，企业希望上门指导' }, reply(48, '已上门现场指导，问题已解决。'), rate(12, 'satisfied')]
    : outcome === 5 ? [{ by: 'staff' as const, after: 24 * 5, step: 'close' as const, note: '企业来电确认问题已解决，同意办结' }]
    : [];
  return {
    category: CATEGORIES[i % CATEGORIES.length]!,
    title: TOPICS[i % TOPICS.length]!,
    content: `关于${TOPICS[i % TOPICS.length]}的诉求，请相关部门协助办理。`,
    ago: (8 + i * 5) * DAY,
    steps: i % 11 === 10 ? [{ by: 'staff', after: 6, step: 'reject', note: '该事项不属于本局职责范围，已告知企业向县自然资源局反映' }] : [...answered, ...rated],
  };
}

async function tell(deps: AppealDeps, story: Story, who: Record<Who, SignedInCtx>, enterpriseId: number, now: Date): Promise<void> {
  let at = new Date(now.getTime() - story.ago);
  const body = { enterpriseId, category: story.category, title: story.title, content: story.content, contact: '王经理', phone: '13800138000' };
  const { id } = await saveAppeal(deps, who.enterprise, body, at);
  for (const { by, after, ...step } of story.steps) {
    at = new Date(Math.min(at.getTime() + after * HOUR, now.getTime() - 60_000));
    try {
      // 分派 names the staff member who handles it.
      await takeStep(deps, who[by], id, step.step === 'assign' ? { ...step, handlerId: who.staff.actor.accountId } : step, at);
    } catch (err) {
      if (err instanceof AppError) return; // e.g. a due date in a year whose calendar is not published
      throw err;
    }
  }
}

export async function seedAppealDemo(deps: AppealDeps, demoUsername: string, now = new Date()): Promise<void> {
  const [demo] = await deps.db.select().from(accounts).where(eq(accounts.username, demoUsername));
  const [demoEnterprise] = await deps.db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.accountId, demo!.id));
  const staffAccounts = await deps.db.select().from(accounts).where(eq(accounts.roleId, ROLES.staff.id));
  const [admin] = await deps.db.select().from(accounts).where(eq(accounts.roleId, ROLES.admin.id));
  const staff = demoCtx(staffAccounts[0]!);
  const own = { enterprise: demoCtx(demo!, [demoEnterprise!.id]), staff, admin: demoCtx(admin!) };
  for (const story of OWN) await tell(deps, story, own, demoEnterprise!.id, now);
  for (const [n, name] of OTHERS.entries()) {
    const [account] = await deps.db
      .insert(accounts)
      .values({ username: `demo-ent${n + 1}`, passwordHash: await hashPassword(randomBytes(16).toString('hex')), name, roleId: ROLES.enterprise.id, phone: `1380000010${n}` })
      .returning();
    const first17 = `9151123${String(4000000000 + n).padStart(10, '0')}`;
    // 一企一码: its code from its creation on, in the transaction that adds it
    const enterprise = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(enterprises)
        .values({ accountId: account!.id, name, creditCode: first17 + creditCodeCheckChar(first17), contactPhone: account!.phone, industry: 'C', scale: 'small', region: 'park' })
        .returning({ id: enterprises.id, creditCode: enterprises.creditCode });
      await assignCode(tx, row!);
      return row;
    });
    const who = { enterprise: demoCtx(account!, [enterprise!.id]), staff, admin: own.admin };
    for (const story of n === 0 ? OPEN : []) await tell(deps, story, who, enterprise!.id, now);
    for (let i = n; i < 35; i += OTHERS.length) await tell(deps, history(i), who, enterprise!.id, now);
  }
}
