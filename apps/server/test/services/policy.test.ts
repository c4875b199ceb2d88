import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { GuideSummary } from '@hqt/contract/policy';
import type { App } from '../../src/app';
import { guides, policies } from '../../src/db/schema/index';
import type {} from '../../src/services/dict/plugin'; // its app.dicts declaration
import { seedPolicyDemo } from '../../src/setup/demo-content/policy';
import { MAX_PAGES } from '../../src/services/policy/market-pages';
import { guidePage } from '../../src/services/policy/service';
import { createTestApp } from '../helpers/app';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
  await seedPolicyDemo(app.db);
});
afterAll(() => app.close());

const page = async (body: Record<string, unknown>) => {
  const res = await app.inject({ method: 'POST', url: '/api/v1/govbecalculator/getpolicyguidepage', payload: { currentPage: 1, pageSize: 20, ...body } });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: { list: GuideSummary[]; total: number; totalCapped?: boolean; currentPage: number; pageSize: number } } };
};
const titles = (list: GuideSummary[]) => list.map((g) => g.title);

describe('getpolicyguidepage', () => {
  it('pages the published guides in one page shape, newest first', async () => {
    const { body } = await page({ pageSize: 5 });
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ total: 60, currentPage: 1, pageSize: 5 });
    expect(body.data.list).toHaveLength(5);
    const dates = body.data.list.map((g) => g.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.data.list[0]).toMatchObject({ levelLabel: expect.any(String), departmentLabel: expect.stringContaining('云溪县'), amountText: expect.any(String) });
    const last = await page({ currentPage: 13, pageSize: 5 });
    expect(last.body.data).toMatchObject({ list: [], total: 60, currentPage: 13 });
  });

  it('finds Chinese words inside longer ones: 研发 finds 研发费用加计扣除 and 企业研发投入补助', async () => {
    const { body } = await page({ keyword: '研发' });
    expect(titles(body.data.list)).toEqual(expect.arrayContaining(['研发费用加计扣除', '企业研发投入补助', '制造业企业研发费用加计扣除预缴享受']));
    const exact = await page({ keyword: '加计扣除' });
    expect(titles(exact.body.data.list).every((t) => t.includes('加计扣除'))).toBe(true);
    const twoWords = await page({ keyword: '研发 补助' });
    expect(titles(twoWords.body.data.list)).toContain('企业研发投入补助');
    expect(titles(twoWords.body.data.list)).not.toContain('研发费用加计扣除');
  });

  it('a one-character keyword still finds, by substring', async () => {
    const { body } = await page({ keyword: '税' });
    expect(body.data.total).toBeGreaterThan(0);
    expect(body.data.list.every((g) => (g.title + g.summary).includes('税'))).toBe(true);
  });

  it('SQL and HTML in the keyword are only searched for', async () => {
    for (const keyword of ["'; drop table guides; --", '<script>alert(1)</script>', '_', '\\']) {
      const { status, body } = await page({ keyword });
      expect(status, keyword).toBe(200);
      expect(body.data.total, keyword).toBe(0);
    }
    // A wildcard is a character like any other: only texts that contain it.
    const percent = await page({ keyword: '%' });
    expect(percent.body.data.total).toBeGreaterThan(0);
    expect(percent.body.data.list.every((g) => (g.title + g.summary).includes('%'))).toBe(true);
    const [row] = await app.db.select({ n: sql<number>`count(*)::int` }).from(guides);
    expect(row!.n).toBe(60);
  });

  it('filters by level, department, support type, mode, industry and open-now; sorts by popularity', async () => {
    const tax = await page({ supportType: 'tax' });
    expect(tax.body.data.total).toBeGreaterThan(0);
    expect(tax.body.data.list.every((g) => g.supportType === 'tax' && g.supportTypeLabel === '税收优惠')).toBe(true);
    const national = await page({ level: 'national', mode: 'auto' });
    expect(national.body.data.list.every((g) => g.levelLabel === '国家级' && g.modeLabel === '免申即享')).toBe(true);
    const open = await page({ openNow: true, pageSize: 100 });
    expect(open.body.data.total).toBeGreaterThan(10);
    expect(open.body.data.list.every((g) => g.status === 'open')).toBe(true);
    const building = await page({ industry: 'E' });
    expect(titles(building.body.data.list)).toContain('建筑业企业资质升级奖励');
    expect(titles(building.body.data.list)).not.toContain('工业企业技术改造设备投资补助'); // manufacturing only
    const popular = await page({ sort: 'popular' });
    const views = popular.body.data.list.map((g) => g.viewCount);
    expect([...views].sort((a, b) => b - a)).toEqual(views);
    const dept = await page({ department: 'kjj', keyword: '研发' });
    expect(titles(dept.body.data.list)).toEqual(['企业研发投入补助']);
  });

  it('refuses bad paging and unknown filter values with Chinese messages; caps a huge page size', async () => {
    expect((await page({ currentPage: 0 })).body).toEqual({ code: 400, msg: '页码不能小于1', data: null });
    expect((await page({ pageSize: -5 })).body.msg).toBe('每页条数不能小于1');
    expect((await page({ currentPage: 'abc' })).body.msg).toBe('页码格式不正确');
    expect((await page({ level: 'galactic' })).body).toEqual({ code: 400, msg: '未知的政策层级：galactic', data: null });
    expect((await page({ supportType: '<b>x</b>' })).body.msg).toBe('未知的扶持方式：<b>x</b>');
    expect((await page({ sort: 'random' })).body.msg).toBe('排序的取值无效');
    expect((await page({ keyword: '长'.repeat(51) })).body.msg).toBe('关键词不能超过50个字符');
    const huge = await page({ pageSize: 99999 });
    expect(huge.body.data).toMatchObject({ pageSize: 500, total: 60 });
    expect(huge.body.data.list).toHaveLength(60);
  });
});

describe('getfullguideinfo', () => {
  it('answers the guide with its conditions and amount in words, its sanitised policy text, and counts the view', async () => {
    const [g] = await app.db.select().from(guides).where(eq(guides.title, '企业研发投入补助'));
    const res = await app.inject({ method: 'GET', url: `/api/v1/govbecalculator/getfullguideinfo/${g!.id}` });
    const detail = res.json().data;
    expect(detail.conditionGroups).toEqual([['上年度研发费用 ≥ 100 万元'], ['资质：高新技术企业', '上年度研发费用 ≥ 50 万元']]);
    expect(detail.amountText).toBe('按研发费用的 10% 给予支持，最高 100 万元');
    expect(detail.policy.docNo).toBe('云府办发〔2026〕15号');
    expect(detail.policy.contentHtml).toContain('<table>');
    expect(detail.contact).toMatchObject({ department: '云溪县科学技术局', phone: '0839-7202388' });
    expect(detail.viewCount).toBe(g!.viewCount + 1);
  });

  it('strips scripts, event handlers and javascript: links from stored HTML, when saved and when shown', async () => {
    const [g] = await app.db.select().from(guides).limit(1);
    const [original] = await app.db.select({ contentHtml: policies.contentHtml }).from(policies).where(eq(policies.id, g!.policyId));
    try {
      // Written behind the sanitiser's back, as an old row or a careless import might be.
      await app.db
        .update(policies)
        .set({ contentHtml: '<p onclick="x()">正文</p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">链接</a><a href="https://gov.cn">官网</a>' })
        .where(eq(policies.id, g!.policyId));
      const html: string = (await app.inject({ method: 'GET', url: `/api/v1/govbecalculator/getfullguideinfo/${g!.id}` })).json().data.policy.contentHtml;
      expect(html).toContain('<p>正文</p>');
      expect(html).toContain('href="https://gov.cn"');
      for (const bad of ['<script', 'onclick', 'onerror', 'javascript:']) expect(html).not.toContain(bad);
    } finally {
      await app.db.update(policies).set({ contentHtml: original!.contentHtml }).where(eq(policies.id, g!.policyId));
    }
  });

  it('a page, searched or not, is kept per node: asked again it costs no query, and a change to a guide drops it', async () => {
    for (const body of [{ currentPage: 1, pageSize: 5, supportType: 'award' }, { currentPage: 1, pageSize: 5, keyword: ' 研发' }]) {
      const first = (await page(body)).body.data;
      await expect
        .poll(async () => {
          let queries = 0;
          const count = () => queries++;
          app.pgPool.on('acquire', count);
          await page({ ...body, ...(body.keyword ? { keyword: body.keyword.trim() } : {}) });
          app.pgPool.off('acquire', count);
          return queries;
        })
        .toBe(0);
      const [g] = await app.db.select().from(guides).where(eq(guides.id, first.list[0]!.id));
      await app.db.update(guides).set({ title: `${g!.title}（修订）` }).where(eq(guides.id, g!.id));
      try {
        await expect.poll(async () => (await page(body)).body.data.list[0]!.title).toBe(`${g!.title}（修订）`);
      } finally {
        await app.db.update(guides).set({ title: g!.title }).where(eq(guides.id, g!.id));
      }
    }
  });

  it('the pages kept are those used last: a stream of new keywords pushes out the old searches, not a page in use', async () => {
    await app.marketPages.heard();
    // One minute throughout: the pages are kept per minute.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const reads: string[] = [];
      const reader = (name: string) => () => (reads.push(name), Promise.resolve({ list: [], total: 0, currentPage: 1, pageSize: 10 }));
      const search = (keyword: string) => app.marketPages.page({ currentPage: 1, pageSize: 10, keyword }, reader(keyword));
      await search('常用');
      for (let i = 0; i < MAX_PAGES * 2; i++) {
        await search(`新词${i}`);
        if (i % 100 === 0) await search('常用');
      }
      await search('新词0');
      expect(reads.filter((r) => r === '常用')).toHaveLength(1);
      expect(reads.filter((r) => r === '新词0')).toHaveLength(2);
      expect(reads.filter((r) => r === `新词${MAX_PAGES * 2 - 1}`)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a published guide of a withdrawn policy answers 404 and counts no view', async () => {
    const [g] = await app.db.select().from(guides).where(eq(guides.status, 'published')).limit(1);
    await app.db.update(policies).set({ status: 'withdrawn' }).where(eq(policies.id, g!.policyId));
    try {
      const res = await app.inject({ method: 'GET', url: `/api/v1/govbecalculator/getfullguideinfo/${g!.id}` });
      expect(res.json()).toEqual({ code: 404, msg: '政策指南不存在或已下线', data: null });
      const [after] = await app.db.select({ viewCount: guides.viewCount }).from(guides).where(eq(guides.id, g!.id));
      expect(after!.viewCount).toBe(g!.viewCount);
    } finally {
      await app.db.update(policies).set({ status: 'published' }).where(eq(policies.id, g!.policyId));
    }
  });

  it('an unknown or draft id answers 404; a malformed id 400', async () => {
    const [g] = await app.db.select().from(guides).limit(1);
    await app.db.update(guides).set({ status: 'draft' }).where(eq(guides.id, g!.id));
    try {
      for (const id of [g!.id, 999999]) {
        const res = await app.inject({ method: 'GET', url: `/api/v1/govbecalculator/getfullguideinfo/${id}` });
        expect(res.json()).toEqual({ code: 404, msg: '政策指南不存在或已下线', data: null });
      }
      // Written straight into the database: the node hears of it by notification (the kept market pages go).
      await expect.poll(async () => (await page({ pageSize: 100 })).body.data.list.map((x) => x.id)).not.toContain(g!.id);
    } finally {
      await app.db.update(guides).set({ status: 'published' }).where(eq(guides.id, g!.id));
    }
    for (const id of ['abc', '1.5', '-1', '99999999999']) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/govbecalculator/getfullguideinfo/${id}` });
      expect(res.statusCode, id).toBe(400);
    }
  });
});

describe('topics, categories, counters, dictionaries', () => {
  it('lists active topics with member counts, and a topic with its ordered published guides', async () => {
    const list = (await app.inject({ method: 'POST', url: '/api/v1/govbecalculator/getpolicytopicpage', payload: { currentPage: 1, pageSize: 10 } })).json().data;
    expect(list.total).toBe(5);
    const science = list.list.find((t: { title: string }) => t.title === '科技创新专题');
    expect(science.memberCount).toBeGreaterThan(3);
    const detail = (await app.inject({ method: 'GET', url: `/api/v1/govbecalculator/getpolicytopicinfo/${science.id}` })).json().data;
    expect(detail.guides).toHaveLength(science.memberCount);
    expect(titles(detail.guides)).toContain('企业研发投入补助');
    expect((await app.inject({ method: 'GET', url: '/api/v1/govbecalculator/getpolicytopicinfo/424242' })).statusCode).toBe(404);
    // Past the last page: no rows, and still the total (one meaning of a page for every list).
    const past = (await app.inject({ method: 'POST', url: '/api/v1/govbecalculator/getpolicytopicpage', payload: { currentPage: 9, pageSize: 10 } })).json().data;
    expect(past).toMatchObject({ list: [], total: 5, currentPage: 9, pageSize: 10 });
  });

  it('appeal categories answer pageSize 99999 with their time limits', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/govbecalculator/getappealcatepage', payload: { currentPage: 1, pageSize: 99999 } });
    const data = res.json().data;
    expect(data.total).toBe(8);
    expect(data.list.map((c: { label: string }) => c.label)).toEqual(['惠企政策', '融资贷款', '人才需求', '用工社保', '基础设施', '证照办理', '市场经营', '其他']);
    expect(data.list[0].limitDays).toBe(5);
  });

  it('the home counters count what is published and open; a draft policy\'s guides are not counted', async () => {
    const counters = async () => (await app.inject({ method: 'GET', url: '/api/v1/govbecalculator/dataquantitystatistics' })).json().data;
    const data = await counters();
    expect(data).toMatchObject({ policies: 25, guides: 60, topics: 5 });
    expect(data.openGuides).toBeGreaterThan(10);
    expect(data.openGuides).toBeLessThan(60);
    const [withGuides] = await app.db.select({ policyId: guides.policyId, n: sql<number>`count(*)::int` }).from(guides).groupBy(guides.policyId).orderBy(sql`count(*) desc`).limit(1);
    await app.db.update(policies).set({ status: 'draft' }).where(eq(policies.id, withGuides!.policyId));
    try {
      expect(await counters()).toMatchObject({ policies: 24, guides: 60 - withGuides!.n });
    } finally {
      await app.db.update(policies).set({ status: 'published' }).where(eq(policies.id, withGuides!.policyId));
    }
  });

  it('dictionaries by key or by Chinese name; an unknown type is refused', async () => {
    const byKey = (await app.inject({ method: 'GET', url: '/api/v1/dictdata/getsondatalist?Dict_Type=industry' })).json().data;
    expect(byKey).toHaveLength(20);
    expect(byKey[2]).toEqual({ code: 'C', label: '制造业', extra: null });
    const byName = (await app.inject({ method: 'GET', url: `/api/v1/dictdata/getsondatalist?Dict_Type=${encodeURIComponent('申报方式')}` })).json().data;
    expect(byName.map((d: { label: string }) => d.label)).toEqual(['免申即享', '快申快享', '常规申报']);
    const bad = await app.inject({ method: 'GET', url: '/api/v1/dictdata/getsondatalist?Dict_Type=nope' });
    expect(bad.json()).toEqual({ code: 400, msg: '未知的字典类型：nope', data: null });
    expect((await app.inject({ method: 'GET', url: '/api/v1/dictdata/getsondatalist' })).json().msg).toBe('请填写字典类型');
  });
});

describe('getpolicyguidepage at scale: a capped total, an exact page, relevance', () => {
  const deps = () => ({ db: app.db, dicts: app.dicts });
  const ids = (list: GuideSummary[]) => list.map((g) => g.id);

  it('counts up to the cap: above it the total is a lower bound, the page still the exact one', async () => {
    const exact = await page({ pageSize: 5, currentPage: 2 });
    expect(exact.body.data).toMatchObject({ total: 60, totalCapped: false });
    const capped = await guidePage(deps(), { currentPage: 2, pageSize: 5 }, { countCap: 10 });
    expect(capped).toMatchObject({ total: 10, totalCapped: true, currentPage: 2, pageSize: 5 });
    expect(ids(capped.list)).toEqual(ids(exact.body.data.list));
    // A keyword, sorted by relevance, by date and by popularity: the same rows in the same order.
    for (const extra of [{ keyword: '企业' }, { keyword: '补助', sort: 'date' as const }, { keyword: '企业', sort: 'popular' as const }, { keyword: '税' }]) {
      const full = await page({ pageSize: 100, ...extra });
      expect(full.body.data.total, extra.keyword).toBeGreaterThan(3);
      const small = await guidePage(deps(), { currentPage: 1, pageSize: 100, ...extra }, { countCap: 3 });
      expect(small, extra.keyword).toMatchObject({ total: 3, totalCapped: true });
      expect(ids(small.list), extra.keyword).toEqual(ids(full.body.data.list));
      const second = await guidePage(deps(), { currentPage: 2, pageSize: 2, ...extra }, { countCap: 3 });
      expect(ids(second.list), extra.keyword).toEqual(ids(full.body.data.list.slice(2, 4)));
    }
    // Exactly the cap is still exact.
    expect(await guidePage(deps(), { currentPage: 1, pageSize: 5 }, { countCap: 60 })).toMatchObject({ total: 60, totalCapped: false });
  });

  it('a page past the last is empty and still carries the total, capped or not', async () => {
    const all = await page({ keyword: '研发', pageSize: 100 });
    const past = await page({ keyword: '研发', currentPage: 9, pageSize: 10 });
    expect(past.body.data).toMatchObject({ list: [], total: all.body.data.total, totalCapped: false, currentPage: 9 });
    expect(all.body.data.total).toBe(all.body.data.list.length);
    expect(await guidePage(deps(), { currentPage: 100, pageSize: 5 }, { countCap: 10 })).toMatchObject({ list: [], total: 10, totalCapped: true });
    expect(await guidePage(deps(), { currentPage: 100, pageSize: 5, supportType: 'tax', keyword: '扣除' }, { countCap: 10 })).toMatchObject({ list: [], totalCapped: false });
  });

  it('relevance: guides whose title matches first, then the newest', async () => {
    const { body } = await page({ keyword: '企业', pageSize: 100 });
    const list = body.data.list;
    const inTitle = list.findIndex((g) => !g.title.includes('企业'));
    expect(inTitle).toBeGreaterThan(0); // some titles match …
    expect(inTitle).toBeLessThan(list.length); // … and some guides match by their summary or text only
    expect(list.slice(inTitle).every((g) => !g.title.includes('企业'))).toBe(true);
    for (const group of [list.slice(0, inTitle), list.slice(inTitle)]) {
      const keys = group.map((g) => `${g.publishedAt} ${String(g.id).padStart(9, '0')}`);
      expect([...keys].sort().reverse()).toEqual(keys);
    }
    // An older title match comes before a newer guide that matches elsewhere only.
    const [title, other] = [list[inTitle - 1]!, list[inTitle]!];
    await app.db.update(guides).set({ publishedAt: new Date('2000-01-01T00:00:00Z') }).where(eq(guides.id, title.id));
    await app.db.update(guides).set({ publishedAt: new Date('2099-01-01T00:00:00Z') }).where(eq(guides.id, other.id));
    try {
      const again = ids((await page({ keyword: '企业', pageSize: 100 })).body.data.list);
      expect(again.indexOf(title.id)).toBe(inTitle - 1);
      expect(again.indexOf(other.id)).toBe(inTitle);
      expect(ids((await page({ keyword: '企业', sort: 'date', pageSize: 100 })).body.data.list)[0]).toBe(other.id);
    } finally {
      await app.db.update(guides).set({ publishedAt: new Date(title.publishedAt) }).where(eq(guides.id, title.id));
      await app.db.update(guides).set({ publishedAt: new Date(other.publishedAt) }).where(eq(guides.id, other.id));
    }
  });
});
