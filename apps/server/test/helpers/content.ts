// Content written straight into the database for tests that need a policy and its guides (the
// console's own tests write them through its routes).
import { guides, policies } from '../../src/db/schema/index';
import type { App } from '../../src/app';

const day = 86_400_000;

export async function insertPolicy(app: App, over: Partial<typeof policies.$inferInsert> = {}): Promise<number> {
  const [row] = await app.db
    .insert(policies)
    .values({ title: '云溪县促进工业高质量发展若干政策', docNo: '云府发〔2026〕3号', department: 'gxj', level: 'county', publishDate: '2026-10-01', contentHtml: '<p>正文</p>', ...over })
    .returning({ id: policies.id });
  return row!.id;
}

/** A draft guide, complete enough to publish, its window open since yesterday for thirty days (staff publish it through the console). */
export async function insertDraftGuide(app: App, policyId: number, title: string, over: Partial<typeof guides.$inferInsert> = {}): Promise<number> {
  const [row] = await app.db
    .insert(guides)
    .values({
      policyId,
      title,
      supportType: 'subsidy',
      mode: 'normal',
      industries: ['C'],
      beneficiaries: '县内规模以上工业企业',
      conditionsText: '依法经营、依法纳税',
      supportStandard: '按项目给予补助',
      materials: ['申报书'],
      eligibility: { groups: [], openToAll: true },
      status: 'draft',
      windowStart: new Date(Date.now() - day),
      windowEnd: new Date(Date.now() + 30 * day),
      deptName: '云溪县工业和信息化局',
      deptAddress: '人民路88号',
      deptPhone: '0839-7202345',
      // Applied for at an outside address: publishable without a form of 政策申兑's.
      onlineUrl: 'https://www.yunxi.gov.cn/sb',
      ...over,
    })
    .returning({ id: guides.id });
  return row!.id;
}
