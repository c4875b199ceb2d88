// Migration 0016 moves 政策推送's inbox (push_messages) into the message centre: every message,
// with its words, reasons, read state and time, is there after it and answers through the inbox.
// Run on a database migrated up to 0015 holding real-shaped rows, then migrated the rest of the way.
import { afterAll, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { insertDraftGuide, insertPolicy } from '../helpers/content';
import { databaseAt, type ScratchDatabase } from '../helpers/migrations';

let scratch: ScratchDatabase | undefined;
afterAll(() => scratch?.drop());

it('every push message, read or not, is in the message centre after migration 0016', async () => {
  scratch = await databaseAt('0015_workflow_steps');
  const { db, pool } = scratch;

  // Real-shaped rows: two accounts, two guides, messages of each event, one read, with reasons.
  // (policies and guides have not changed since 0015: the schema's inserts fit them.)
  const asApp = { db } as unknown as App;
  // Raw SQL: the schema's accounts table has columns later migrations add.
  const { rows: inserted } = await pool.query<{ id: number }>(
    `insert into accounts (username, password_hash, name, role_id) values ('mig_a', 'x', '迁移企业甲', 3), ('mig_b', 'x', '迁移企业乙', 3) returning id`,
  );
  const [a, b] = inserted;
  const policyId = await insertPolicy(asApp);
  const g1 = await insertDraftGuide(asApp, policyId, '迁移指南一');
  const g2 = await insertDraftGuide(asApp, policyId, '迁移指南二');
  const rows = [
    [a!.id, g1, 'published', '迁移指南一', '「迁移指南一」已发布。', ['订阅关键词「迁移」', '符合条件：迁移企业甲'], '2026-11-20T08:00:00Z', '2026-11-20T01:00:00Z'],
    [a!.id, g1, 'closing', '迁移指南一', '「迁移指南一」将于 2026-12-01 截止申报，请抓紧办理。', ['订阅关键词「迁移」'], null, '2026-11-21T01:00:00Z'],
    [a!.id, g2, 'opened', '迁移指南二', '「迁移指南二」已开始申报。', [], null, '2026-11-22T01:00:00Z'],
    [b!.id, g1, 'published', '迁移指南一', '「迁移指南一」已发布。', ['订阅扶持方式「资金补助」'], null, '2026-11-20T01:00:00Z'],
  ] as const;
  const ids: number[] = [];
  for (const r of rows) {
    const { rows: inserted } = await pool.query<{ id: string }>(
      'insert into push_messages (account_id, guide_id, event, title, body, reasons, read_at, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id',
      [...r],
    );
    ids.push(Number(inserted[0]!.id));
  }

  await scratch.migrateRest();

  const { rows: moved } = await pool.query(
    `select id::int, account_id, source, kind, title, body, link, dedupe_key, reasons, read_at, created_at from messages order by id`,
  );
  expect(moved).toEqual(
    rows.map(([accountId, guideId, event, title, body, reasons, readAt, createdAt], i) => ({
      id: ids[i],
      account_id: accountId,
      source: 'policy',
      kind: `push.${event}`,
      title,
      body,
      link: `/policyMarket/policyMarket?guide=${guideId}`,
      dedupe_key: `guide:${guideId}:${event}`,
      reasons: [...reasons],
      read_at: readAt === null ? null : new Date(readAt),
      created_at: new Date(createdAt),
    })),
  );
  // New messages go on after the moved ones.
  const { rows: next } = await pool.query<{ id: string }>(
    `insert into messages (account_id, source, kind, title, body, dedupe_key) values ($1, 'system', 'system.test', '新消息', '内容', 'k') returning id`,
    [b!.id],
  );
  expect(Number(next[0]!.id)).toBeGreaterThan(Math.max(...ids));
  expect((await pool.query(`select to_regclass('push_messages') as t`)).rows[0].t).toBeNull();
});
