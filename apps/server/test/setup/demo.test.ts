// The demo data as the README's start command creates them: the workflow services' part goes
// through the services, so the demo enterprise meets its appeals in every state it acts on, with
// real numbers, timelines and messages, and the figures have half a year of history.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, isNull, like, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEAL_KIND } from '@hqt/contract/appeal';
import type { App } from '../../src/app';
import { accounts, enterprises, guides, messages, workflowSteps } from '../../src/db/schema/index';
import { applications, applyForms, enterpriseMaterials } from '../../src/services/apply/schema';
import { payments, publicities, publicityEntries } from '../../src/services/payout/schema';
import { applyStart } from '../../src/services/apply/service';
import { demoCtx } from '../../src/setup/demo-content/demo-ctx';
import { appeals } from '../../src/services/appeal/public';
import { ofVisit } from '../../src/services/appeal/visit-problems';
import { visits } from '../../src/services/visit/public';
import { enterpriseCodes } from '../../src/services/entcode/schema';
import { DEMO_ACCOUNTS, seedDemo, seedWorkflowDemo } from '../../src/setup/demo';
import { createTestApp } from '../helpers/app';

/**
 * Seeded as at 01:00 China time on the last such hour before now: the night hours are where a
 * demo step counted from `now` rather than from its own visit fell before the visit and was refused
 * (CI on 3 Dec, 05:16 China time); the daytime is what every browser run's `npm start` meets.
 */
const SEEDED_AT = new Date(Date.parse(`${new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10)}T01:00:00+08:00`));

let app: App;
beforeAll(async () => {
  app = await createTestApp();
  await seedDemo(app.db);
  await seedWorkflowDemo(app, { uploadsDir: mkdtempSync(path.join(os.tmpdir(), 'hqt-demo-')), bureau: '云溪县工业和信息化局' }, SEEDED_AT);
});
afterAll(() => app.close());

describe('the demo', () => {
  it("gives the demo enterprise an appeal in each state it acts on, numbered, with its timeline and messages", async () => {
    const [demo] = await app.db.select().from(accounts).where(eq(accounts.username, DEMO_ACCOUNTS.enterprise.username));
    const [enterprise] = await app.db.select().from(enterprises).where(eq(enterprises.accountId, demo!.id));
    // (its own filings: the problem of a demo visit's summary is one more, below)
    const own = await app.db.select().from(appeals).where(and(eq(appeals.enterpriseId, enterprise!.id), isNull(appeals.sourceId))).orderBy(asc(appeals.createdAt));
    expect(own.map((a) => a.status)).toEqual(['closed', 'replied', 'supplementing', 'accepted', 'submitted']);
    expect(own.every((a) => /^SQ\d{8}-\d{4}$/.test(a.number ?? ''))).toBe(true);
    expect(own[0]).toMatchObject({ rating: 'satisfied' });
    // each timeline opens with the filing, at its time; every step after it and before now, in order
    for (const a of own) {
      const [opening, ...steps] = await app.db.select().from(workflowSteps).where(and(eq(workflowSteps.subjectKind, APPEAL_KIND), eq(workflowSteps.subjectId, a.id))).orderBy(asc(workflowSteps.id));
      expect(opening).toMatchObject({ step: 'file', actorId: demo!.id, at: a.createdAt });
      const times = steps.map((s) => s.at.getTime());
      expect(times).toEqual([...times].sort((x, y) => x - y));
      expect(times.every((t) => t > a.createdAt.getTime() && t < Date.now())).toBe(true);
    }
    const notices = await app.db.select({ kind: messages.kind }).from(messages).where(and(eq(messages.accountId, demo!.id), like(messages.kind, 'appeal.%')));
    expect(notices.map((n) => n.kind)).toContain('appeal.supplement');
  });

  it('gives the demo enterprise a visit in each state it meets, and the held one’s problem as an appeal', async () => {
    const [demo] = await app.db.select().from(accounts).where(eq(accounts.username, DEMO_ACCOUNTS.enterprise.username));
    const [enterprise] = await app.db.select().from(enterprises).where(eq(enterprises.accountId, demo!.id));
    const own = await app.db.select().from(visits).where(eq(visits.enterpriseId, enterprise!.id)).orderBy(asc(visits.id));
    expect(own.map((v) => v.status)).toEqual(['pending', 'confirmed', 'rescheduling', 'visited', 'appraised', 'requested']);
    expect(own.every((v) => /^ZF\d{8}-\d{4}$/.test(v.number ?? ''))).toBe(true);
    const fromVisit = await app.db.select().from(appeals).where(ofVisit(own[3]!.id));
    expect(fromVisit.map((a) => a.title)).toEqual(['数控技工招聘困难']);
  });

  it('gives the figures half a year of other enterprises’ appeals across the outcomes, and one overdue', async () => {
    const all = await app.db.select().from(appeals);
    expect(all).toHaveLength(5 + 2 + 35 + 1); // and the demo visit's problem
    // the 工作台's first card has one to show: an open appeal past its due date
    expect(all.some((a) => a.status === 'accepted' && a.dueAt !== null && a.dueAt.getTime() < Date.now())).toBe(true);
    const statuses = new Set(all.map((a) => a.status));
    for (const s of ['closed', 'rejected']) expect(statuses).toContain(s);
    const ratings = new Set(all.map((a) => a.rating));
    for (const r of ['verySatisfied', 'satisfied', 'basic', null]) expect(ratings).toContain(r);
    expect(all.some((a) => a.reopenCount > 0)).toBe(true);
    const oldest = Math.min(...all.map((a) => a.createdAt.getTime()));
    expect(Date.now() - oldest).toBeGreaterThan(150 * 86_400_000);
  });

  it('gives the demo enterprise a 材料库 and applications in the states it meets, leaving 企业研发投入补助 to apply for; others the other states', async () => {
    const [demo] = await app.db.select().from(accounts).where(eq(accounts.username, DEMO_ACCOUNTS.enterprise.username));
    const [enterprise] = await app.db.select().from(enterprises).where(eq(enterprises.accountId, demo!.id));
    const own = await app.db
      .select({ status: applications.status, number: applications.number, guide: guides.title })
      .from(applications)
      .innerJoin(guides, eq(guides.id, applications.guideId))
      .where(eq(applications.enterpriseId, enterprise!.id))
      .orderBy(asc(applications.id));
    expect(own.map((a) => a.status)).toEqual(['approved', 'correcting', 'submitted']);
    expect(own.map((a) => a.guide)).not.toContain('企业研发投入补助');
    expect(own.every((a) => /^SB\d{8}-\d{4}$/.test(a.number ?? ''))).toBe(true);
    const library = await app.db.select({ kind: enterpriseMaterials.kind }).from(enterpriseMaterials).where(eq(enterpriseMaterials.enterpriseId, enterprise!.id));
    expect(library.map((m) => m.kind).sort()).toEqual(['audit', 'license', 'social']);
    // Other enterprises' fill the queue's other states.
    const others = await app.db.select({ status: applications.status }).from(applications).where(ne(applications.enterpriseId, enterprise!.id));
    expect(others.map((a) => a.status).sort()).toEqual(['accepted', 'payable', 'payable', 'payable', 'rechecked', 'refused', 'rejected', 'reviewed']);
  });

  it('gives 公示与拨付 an ended 公示 of other enterprises’ approvals, one 待拨付, one instruction 待授权 and one sent to the treasury; the demo enterprise’s 拟支持 left to publish', async () => {
    const [publicity, ...more] = await app.db.select().from(publicities);
    expect(more).toEqual([]);
    expect(publicity).toMatchObject({ status: 'ended', days: 7 });
    expect(publicity!.number).toMatch(/^GS\d{8}-\d{4}$/);
    const entries = await app.db.select({ applicationId: publicityEntries.applicationId }).from(publicityEntries).where(eq(publicityEntries.publicityId, publicity!.id));
    expect(entries).toHaveLength(3);
    const ledger = await app.db.select({ status: payments.status, approverId: payments.approverId, authorisedBy: payments.authorisedBy, batchId: payments.batchId }).from(payments).orderBy(asc(payments.id));
    expect(ledger.map((p) => p.status)).toEqual(['sent', 'pending']);
    expect(ledger[0]!.batchId).not.toBeNull();
    // Authorised by a person other than the one who approved.
    expect(ledger[0]!.authorisedBy).not.toBe(ledger[0]!.approverId);
    const [demo] = await app.db.select().from(accounts).where(eq(accounts.username, DEMO_ACCOUNTS.enterprise.username));
    const [enterprise] = await app.db.select().from(enterprises).where(eq(enterprises.accountId, demo!.id));
    expect(await app.db.$count(applications, and(eq(applications.enterpriseId, enterprise!.id), eq(applications.status, 'approved')))).toBe(1);
  });

  it('prefills what the bureau knows: the demo enterprise types at most a fifth of each demo form’s fields', async () => {
    const [demo] = await app.db.select().from(accounts).where(eq(accounts.username, DEMO_ACCOUNTS.enterprise.username));
    const [enterprise] = await app.db.select().from(enterprises).where(eq(enterprises.accountId, demo!.id));
    const ctx = demoCtx(demo!, [enterprise!.id]);
    const deps = { db: app.db, events: app.events, calendar: app.calendar, dicts: app.dicts };
    const formed = await app.db.selectDistinct({ guideId: applyForms.guideId }).from(applyForms).orderBy(asc(applyForms.guideId));
    const typed: Record<string, string> = {};
    for (const { guideId } of formed) {
      const start = await applyStart(deps, ctx, { guideId, enterpriseId: enterprise!.id }, SEEDED_AT).catch(() => null);
      if (!start) continue;
      const fields = start.form.sections.flatMap((s) => s.fields);
      const left = fields.filter((f) => (start.prefill[f.key] ?? '') === '');
      typed[start.guideTitle] = `${left.length}/${fields.length}: ${left.map((f) => f.label).join('、')}`;
      expect(left.length, start.guideTitle).toBeLessThanOrEqual(fields.length / 5);
    }
    // Every demo guide one applies for online was measured, each leaving only 经办人 and 项目情况说明.
    expect(Object.keys(typed).length).toBeGreaterThanOrEqual(4);
    expect(new Set(Object.values(typed))).toEqual(new Set(['2/10: 经办人、项目情况说明']));
  });

  it('gives every live enterprise its 企业码 from its creation on (no job has run in this app)', async () => {
    const live = await app.db.select({ creditCode: enterprises.creditCode }).from(enterprises).where(isNull(enterprises.deletedAt));
    expect(live.length).toBe(6); // the demo enterprise and five others
    const coded = new Set((await app.db.select({ creditCode: enterpriseCodes.creditCode }).from(enterpriseCodes).where(eq(enterpriseCodes.status, 'active'))).map((c) => c.creditCode));
    expect(live.filter((e) => !coded.has(e.creditCode))).toEqual([]);
  });
});
