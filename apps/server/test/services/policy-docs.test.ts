import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { PageOf } from '@hqt/contract/envelope';
import { POLICY_PATHS } from '@hqt/contract/policy';
import { POLICY_DOC_PATHS, policyDocInfoPath, type PolicyDocDetail, type PolicyDocSummary } from '@hqt/contract/policy-docs';
import type { App } from '../../src/app';
import { guides, policies } from '../../src/db/schema/index';
import type {} from '../../src/services/dict/plugin'; // its app.dicts declaration
import { bigramMatch } from '../../src/services/policy/docs';
import { policySearch } from '../../src/services/policy/schema';
import { seedPolicyDemo } from '../../src/setup/demo-content/policy';
import { createTestApp } from '../helpers/app';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
  await seedPolicyDemo(app.db);
});
afterAll(() => app.close());

const page = async (body: Record<string, unknown>) => {
  const res = await app.inject({ method: 'POST', url: POLICY_DOC_PATHS.docPage, payload: { currentPage: 1, pageSize: 20, ...body } });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: PageOf<PolicyDocSummary> } };
};
const list = async (body: Record<string, unknown>) => (await page({ pageSize: 100, ...body })).body.data.list;
const detail = async (id: number) => {
  const res = await app.inject({ method: 'GET', url: policyDocInfoPath(id) });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: PolicyDocDetail } };
};
const idOf = async (docNo: string) => (await app.db.select({ id: policies.id }).from(policies).where(eq(policies.docNo, docNo)))[0]!.id;
/** Runs `body` with a document's row changed behind the console's back, then puts it back. */
async function withPolicy(id: number, change: Partial<typeof policies.$inferInsert>, body: () => Promise<void>) {
  const [before] = await app.db.select().from(policies).where(eq(policies.id, id));
  await app.db.update(policies).set(change).where(eq(policies.id, id));
  try {
    await body();
  } finally {
    await app.db.update(policies).set(before!).where(eq(policies.id, id));
  }
}

describe('getpolicydocpage', () => {
  it('pages the published documents, 20 a page by default, newest first, as many as the home page counts', async () => {
    const res = await app.inject({ method: 'POST', url: POLICY_DOC_PATHS.docPage, payload: {} });
    const first = res.json().data as PageOf<PolicyDocSummary>;
    const figures = (await app.inject({ method: 'GET', url: POLICY_PATHS.statistics })).json().data;
    expect(first).toMatchObject({ total: 25, currentPage: 1, pageSize: 20 });
    expect(figures.policies).toBe(first.total);
    expect(first.list).toHaveLength(20);
    const dates = first.list.map((d) => d.publishDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const science = (await list({})).find((d) => d.docNo === '云府办发〔2026〕15号');
    expect(science).toMatchObject({ title: '云溪县支持科技创新的实施办法', department: 'kjj', departmentLabel: '云溪县科学技术局', level: 'county', levelLabel: '县级', guideCount: expect.any(Number) });
    expect(science!.guideCount).toBeGreaterThan(0);
    expect(science).not.toHaveProperty('contentHtml');
    expect((await page({ currentPage: 2 })).body.data.list).toHaveLength(5);
    expect((await page({ currentPage: 9 })).body.data).toMatchObject({ list: [], total: 25, currentPage: 9 });
  });

  it('a keyword is found in the title, the 文号 and the full text; title and 文号 matches first', async () => {
    const rd = await list({ keyword: '研发' });
    expect(rd.length).toBeGreaterThan(1);
    const inTitle = rd.findIndex((d) => !d.title.includes('研发'));
    expect(rd.slice(inTitle).every((d) => !d.title.includes('研发'))).toBe(true);
    expect(rd[0]!.title).toContain('研发');

    const byNumber = await list({ keyword: '云府办发〔2026〕15号' });
    expect(byNumber[0]!.docNo).toBe('云府办发〔2026〕15号');

    // A word only the text holds, an inline tag inside it (tags do not split words).
    const id = await idOf('云府发〔2026〕8号');
    await withPolicy(id, { contentHtml: '<p>支持<strong>量子</strong>通信产业。</p>' }, async () => {
      expect((await list({ keyword: '量子通信' })).map((d) => d.id)).toEqual([id]);
    });
    expect(await list({ keyword: '量子通信' })).toEqual([]);

    const one = await list({ keyword: '税' });
    expect(one.length).toBeGreaterThan(0);
    const [first] = await app.db.select({ title: policies.title, docNo: policies.docNo, contentHtml: policies.contentHtml }).from(policies).where(eq(policies.id, one[0]!.id));
    expect(first!.title + first!.docNo + first!.contentHtml).toContain('税');
  });

  it('SQL, HTML and LIKE characters in the keyword are only searched for', async () => {
    for (const keyword of ["'; drop table policies; --", '<script>alert(1)</script>', '_', '\\']) {
      const { status, body } = await page({ keyword });
      expect(status, keyword).toBe(200);
      expect(body.data.total, keyword).toBe(0);
    }
    // A wildcard is a character like any other: only documents that hold it.
    const percent = await list({ keyword: '%' });
    const texts = await app.db.select({ id: policies.id, text: sql<string>`title || doc_no || content_html` }).from(policies);
    expect(percent.map((d) => d.id).sort()).toEqual(texts.filter((t) => t.text.includes('%')).map((t) => t.id).sort());
    const [row] = await app.db.select({ n: sql<number>`count(*)::int` }).from(policies);
    expect(row!.n).toBe(25);
  });

  it('the search is served by policy_search_idx, kept as documents are written', async () => {
    const query = app.db.select({ id: policies.id }).from(policies).innerJoin(policySearch, eq(policySearch.policyId, policies.id)).where(bigramMatch('研发').match).toSQL();
    const client = await app.pgPool.connect();
    try {
      await client.query('begin');
      // 25 rows: the planner would rather read them all (or walk the primary key); the point is that it can use the index.
      await client.query('set local enable_seqscan = off');
      await client.query('set local enable_indexscan = off');
      const plan = (await client.query<{ 'QUERY PLAN': string }>(`explain ${query.sql}`, query.params)).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain('policy_search_idx');
    } finally {
      await client.query('rollback');
      client.release();
    }
    // A document written later is found at once; one deleted takes its bigrams with it.
    const [base] = await app.db.select().from(policies).limit(1);
    const { id: _id, ...values } = base!;
    const [added] = await app.db.insert(policies).values({ ...values, title: '云溪县低空经济发展若干措施', docNo: '云府发〔2026〕99号', contentHtml: '<p>支持无人机物流。</p>' }).returning({ id: policies.id });
    expect((await list({ keyword: '无人机物流' })).map((d) => d.id)).toEqual([added!.id]);
    await app.db.delete(policies).where(eq(policies.id, added!.id));
    expect(await list({ keyword: '无人机物流' })).toEqual([]);
    expect((await app.db.execute(sql`select count(*)::int as n from policy_search`)).rows[0]).toEqual({ n: 25 });
  });

  it('filters by 发文单位, 层级 and 发布日期 (both ends inclusive), together with a keyword', async () => {
    const kjj = await list({ issuer: 'kjj' });
    expect(kjj.length).toBeGreaterThan(0);
    expect(kjj.every((d) => d.department === 'kjj')).toBe(true);
    const national = await list({ level: 'national' });
    expect(national.map((d) => d.docNo)).toContain('财政部 税务总局公告2023年第7号');
    expect(national.every((d) => d.levelLabel === '国家级')).toBe(true);

    const all = await list({});
    const day = all[3]!.publishDate;
    expect((await list({ from: day, to: day })).every((d) => d.publishDate === day)).toBe(true);
    expect((await list({ from: day, to: day })).map((d) => d.id)).toContain(all[3]!.id);
    const since = await list({ from: day });
    expect(since.length).toBeGreaterThanOrEqual(4);
    expect(since.every((d) => d.publishDate >= day)).toBe(true);
    const until = await list({ to: day });
    expect(until.every((d) => d.publishDate <= day)).toBe(true);
    expect(since.length + until.length - (await list({ from: day, to: day })).length).toBe(25);

    expect((await list({ level: 'national', to: '2023-12-31', keyword: '研发' })).map((d) => d.docNo)).toEqual(['财政部 税务总局公告2023年第7号']);
    expect(await list({ issuer: 'kjj', level: 'national' })).toEqual([]);
  });

  it('a draft or withdrawn document is never shown: not listed, not found by its 文号, not counted, no page', async () => {
    const id = await idOf('云府办发〔2026〕15号');
    for (const status of ['draft', 'withdrawn']) {
      await withPolicy(id, { status }, async () => {
        expect((await page({})).body.data.total, status).toBe(24);
        expect((await list({ keyword: '云府办发〔2026〕15号' })).map((d) => d.id), status).not.toContain(id);
        expect((await list({ issuer: 'kjj' })).map((d) => d.id), status).not.toContain(id);
        expect((await detail(id)).body, status).toEqual({ code: 404, msg: '政策文件不存在或已下线', data: null });
      });
    }
    expect((await detail(id)).status).toBe(200);
  });

  it('refuses bad input with a clear Chinese 400 and nothing else', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ currentPage: 0 }, '页码不能小于1'],
      [{ pageSize: 'x' }, '每页条数格式不正确'],
      [{ issuer: 'nowhere' }, '未知的发文部门：nowhere'],
      [{ level: 'galactic' }, '未知的政策层级：galactic'],
      [{ from: '2026/01/01' }, '发布日期起格式应为 YYYY-MM-DD'],
      [{ to: '2026-13-01' }, '发布日期止格式应为 YYYY-MM-DD'],
      [{ from: '2026-02-30' }, '发布日期起不是有效的日期'],
      [{ to: '2025-02-29' }, '发布日期止不是有效的日期'],
      [{ from: '2026-03-02', to: '2026-03-01' }, '发布日期起不能晚于发布日期止'],
      [{ keyword: '长'.repeat(51) }, '关键词不能超过50个字符'],
    ];
    for (const [body, msg] of refusals) {
      const { status, body: answer } = await page(body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer, JSON.stringify(body)).toEqual({ code: 400, msg, data: null });
    }
    expect((await page({ from: '2024-02-29', to: '2024-02-29' })).status).toBe(200);
    for (const id of ['abc', '0', '1.5', '-1', '99999999999']) {
      const res = await app.inject({ method: 'GET', url: POLICY_DOC_PATHS.docInfo.replace(':id', id) });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().msg, id).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await detail(999999)).body).toEqual({ code: 404, msg: '政策文件不存在或已下线', data: null });
  });
});

describe('getpolicydocinfo', () => {
  it('answers the document with its text, 解读 and attachments, and the published guides that cite it', async () => {
    const id = await idOf('云府办发〔2026〕15号');
    const { status, body } = await detail(id);
    expect(status).toBe(200);
    const doc = body.data;
    expect(doc).toMatchObject({ id, title: '云溪县支持科技创新的实施办法', docNo: '云府办发〔2026〕15号', departmentLabel: '云溪县科学技术局', levelLabel: '县级' });
    expect(doc.contentHtml).toContain('<table>');
    expect(doc.interpretationHtml.length).toBeGreaterThan(0);
    expect(doc.attachments).toEqual([{ name: '云溪县支持科技创新的实施办法.pdf', url: expect.stringMatching(/^https:\/\//) }]);
    const cited = await app.db.select({ id: guides.id }).from(guides).where(eq(guides.policyId, id));
    expect(doc.guides.map((g) => g.id).sort()).toEqual(cited.map((g) => g.id).sort());
    expect(doc.guides.map((g) => g.title)).toContain('企业研发投入补助');
    expect(doc.guides.every((g) => g.policyId === id && g.docNo === doc.docNo)).toBe(true);
    expect(doc.guideCount).toBe(doc.guides.length);

    // A guide taken back to draft is not among them, nor counted in the list.
    const draft = doc.guides[0]!;
    await app.db.update(guides).set({ status: 'draft' }).where(eq(guides.id, draft.id));
    try {
      const again = (await detail(id)).body.data;
      expect(again.guides.map((g) => g.id)).not.toContain(draft.id);
      expect(again.guideCount).toBe(doc.guides.length - 1);
      expect((await list({ issuer: 'kjj' })).find((d) => d.id === id)!.guideCount).toBe(doc.guides.length - 1);
    } finally {
      await app.db.update(guides).set({ status: 'published' }).where(eq(guides.id, draft.id));
    }
  });

  it('strips scripts, event handlers and javascript: links from the text and the 解读, however they were stored', async () => {
    const id = await idOf('云府发〔2026〕8号');
    const bad = '<p onclick="x()">正文</p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">链接</a>';
    await withPolicy(id, { contentHtml: bad, interpretationHtml: bad }, async () => {
      const doc = (await detail(id)).body.data;
      for (const html of [doc.contentHtml, doc.interpretationHtml]) {
        expect(html).toContain('<p>正文</p>');
        for (const word of ['<script', 'onclick', 'onerror', 'javascript:']) expect(html).not.toContain(word);
      }
    });
  });

  it('a document no guide cites answers an empty list of guides', async () => {
    const id = await idOf('云府发〔2026〕8号');
    const cited = await app.db.select({ id: guides.id }).from(guides).where(eq(guides.policyId, id));
    await app.db.update(guides).set({ status: 'withdrawn' }).where(eq(guides.policyId, id));
    try {
      expect((await detail(id)).body.data).toMatchObject({ guides: [], guideCount: 0 });
    } finally {
      for (const g of cited) await app.db.update(guides).set({ status: 'published' }).where(eq(guides.id, g.id));
    }
  });
});
