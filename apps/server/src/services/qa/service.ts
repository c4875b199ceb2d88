// 政策问答's rules (docs/qa.md): a question answered from the clause index, checked against the
// passages still stored (a withdrawn policy's are deleted in its withdrawal), the cited guides run
// through the calculator for the asker's enterprise, and the question kept for its history, the
// console's queue and the figures; 有用 / 没用 proven by the answer's own key.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { chinaDate } from '@hqt/contract/working-days';
import { guidePortalLink, POLICY_DOC_PATH } from '@hqt/contract/policy-links';
import type { PageOf } from '@hqt/contract/envelope';
import { OWN_MSG } from '@hqt/contract/messages';
import {
  clauseParam,
  QA_LENGTH,
  QA_MSG,
  QA_VERDICTS,
  type AnswerGuide,
  type AskAnswer,
  type AskBody,
  type Citation,
  type FeedbackBody,
  type QaFigures,
  type QaHistoryItem,
  type QaQueueQuery,
  type QaQueueRow,
} from '@hqt/contract/qa';
import type { Db } from '../../db/client';
import { accounts, enterprises, guides } from '../../db/schema/index';
import { isSignedIn, type Ctx, type SignedInCtx } from '../../lib/ctx';
import { badRequest, notFound, unauthorized } from '../../lib/errors';
import { paginate, totalOver } from '../../lib/paginate';
import { guideVerdict } from '../calculator/public';
import type { DictionaryStore } from '../dict/public';
import { clauseOf, type Passage, type RankedPassage } from './engine';
import { qaPassages, qaQuestions } from './schema';
import type { QaStore } from './store';

export interface QaDeps {
  db: Db;
  dicts: DictionaryStore;
  store: QaStore;
  bureauPhone: string;
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The guides the calculator speaks of: those of the cited passages, best first, at most three. */
const MAX_GUIDES = 3;

function linkOf(p: Passage): string {
  if (p.kind === 'faq' && p.block === null) return `${POLICY_DOC_PATH}?id=${p.policyId}`;
  if (p.part === null || p.block === null) return guidePortalLink(p.guideId!);
  return `${POLICY_DOC_PATH}?id=${p.policyId}&clause=${clauseParam(p.part, p.block)}`;
}

const citationOf = ({ passage: p, validity }: RankedPassage): Citation => ({
  policyId: p.policyId,
  policyTitle: p.policyTitle,
  docNo: p.docNo,
  kind: p.kind,
  clause: clauseOf(p),
  quote: p.text,
  link: linkOf(p),
  validity,
});

/** The calculator's word for the chosen enterprise: 符合, 差一项 (and what), 不符合, 缺少数据. */
async function verdictsOf(deps: QaDeps, enterpriseId: number, ids: number[], at: Date): Promise<Map<number, Omit<AnswerGuide, 'id' | 'title'>>> {
  const found = await Promise.all(ids.map((id) => guideVerdict(deps, enterpriseId, id, at)));
  return new Map(
    found.flatMap((f, i) => {
      if (!f) return [];
      const { verdict: v, nearMiss } = f;
      const verdict = v.verdict === 'ineligible' && nearMiss ? 'oneShort' : v.verdict;
      return [[ids[i]!, { verdict, verdictLabel: QA_VERDICTS[verdict], reasons: verdict === 'oneShort' ? [nearMiss!] : v.reasons, amount: v.amount, amountText: v.amountText }]];
    }),
  );
}

export async function ask(deps: QaDeps, ctx: Ctx, body: AskBody, at = new Date()): Promise<AskAnswer> {
  const question = body.question.trim();
  if (question.length < QA_LENGTH.minQuestion) throw badRequest(QA_MSG.questionLength);
  const enterpriseId = body.enterpriseId ?? null;
  // An enterprise is chosen after login; another account's is as unknown as none at all.
  if (enterpriseId !== null && !isSignedIn(ctx)) throw unauthorized(OWN_MSG.notLoggedIn);
  if (enterpriseId !== null && !ctx.scope!.enterpriseIds.includes(enterpriseId)) throw notFound(QA_MSG.enterpriseNotFound);

  const index = await deps.store.index();
  const today = chinaDate(at);
  let result = index.ask(question, today);
  // The index may be a moment behind a withdrawal: a passage no longer stored is not cited.
  const ids = result.ranked.flatMap((r) => (r.passage.id === undefined ? [] : [r.passage.id]));
  if (ids.length) {
    const stored = new Set((await deps.db.select({ id: qaPassages.id }).from(qaPassages).where(inArray(qaPassages.id, ids))).map((r) => r.id));
    const gone = new Set(ids.filter((id) => !stored.has(id)));
    if (gone.size) result = index.ask(question, today, (p) => !gone.has(p.id!));
  }

  const guideIds = [...new Set(result.cited.map((c) => c.passage.guideId).filter((id): id is number => id !== null))].slice(0, MAX_GUIDES);
  const titles = guideIds.length ? new Map((await deps.db.select({ id: guides.id, title: guides.title }).from(guides).where(inArray(guides.id, guideIds))).map((g) => [g.id, g.title])) : new Map<number, string>();
  const verdicts = enterpriseId !== null && guideIds.length ? await verdictsOf(deps, enterpriseId, guideIds, at) : new Map();
  const answerGuides = guideIds.filter((id) => titles.has(id)).map((id) => ({ id, title: titles.get(id)!, ...verdicts.get(id) }));
  const citations = result.cited.map(citationOf);

  const key = randomBytes(18).toString('base64url');
  const [row] = await deps.db
    .insert(qaQuestions)
    .values({
      accountId: ctx.actor?.accountId ?? null,
      enterpriseId,
      question,
      answered: result.answered,
      citations: citations.map((c) => ({ policyId: c.policyId, docNo: c.docNo, clause: c.clause })),
      keyHash: hashKey(key),
      askedAt: at,
    })
    .returning({ id: qaQuestions.id });
  return { id: row!.id, key, answered: result.answered, answer: result.answer, citations, guides: answerGuides, quantities: result.quantities, phone: deps.bureauPhone };
}

/** 有用 / 没用, by whoever holds the answer's key; a second mark replaces the first. */
export async function feedback(db: Db, body: FeedbackBody, at = new Date()): Promise<void> {
  const updated = await db
    .update(qaQuestions)
    .set({ useful: body.useful, ratedAt: at })
    .where(and(eq(qaQuestions.id, body.id), eq(qaQuestions.keyHash, hashKey(body.key))))
    .returning({ id: qaQuestions.id });
  if (updated.length === 0) throw notFound(QA_MSG.questionNotFound);
}

const HISTORY_SIZE = 50;

export async function history(db: Db, ctx: SignedInCtx): Promise<QaHistoryItem[]> {
  const rows = await db
    .select({ id: qaQuestions.id, question: qaQuestions.question, answered: qaQuestions.answered, useful: qaQuestions.useful, askedAt: qaQuestions.askedAt })
    .from(qaQuestions)
    .where(eq(qaQuestions.accountId, ctx.scope.accountId))
    .orderBy(desc(qaQuestions.askedAt), desc(qaQuestions.id))
    .limit(HISTORY_SIZE);
  return rows.map((r) => ({ ...r, askedAt: r.askedAt.toISOString() }));
}

/** One of the account's own questions; another's is 问题不存在. */
export async function ownQuestion(db: Db, ctx: SignedInCtx, id: number): Promise<QaHistoryItem> {
  const [row] = await db
    .select({ id: qaQuestions.id, question: qaQuestions.question, answered: qaQuestions.answered, useful: qaQuestions.useful, askedAt: qaQuestions.askedAt })
    .from(qaQuestions)
    .where(and(eq(qaQuestions.id, id), eq(qaQuestions.accountId, ctx.scope.accountId)));
  if (!row) throw notFound(QA_MSG.questionNotFound);
  return { ...row, askedAt: row.askedAt.toISOString() };
}

const QUEUE_WHERE = {
  all: sql`(not ${qaQuestions.answered} or ${qaQuestions.useful} = false)`,
  unanswered: sql`not ${qaQuestions.answered}`,
  useless: sql`${qaQuestions.useful} = false`,
} as const;

export async function queuePage(db: Db, query: QaQueueQuery): Promise<PageOf<QaQueueRow>> {
  return paginate(query, {
    rows: ({ limit, offset }) =>
      db
        .select({
          id: qaQuestions.id,
          question: qaQuestions.question,
          answered: qaQuestions.answered,
          useful: qaQuestions.useful,
          askedAt: qaQuestions.askedAt,
          asker: accounts.username,
          enterpriseName: enterprises.name,
          citations: qaQuestions.citations,
          total: totalOver(),
        })
        .from(qaQuestions)
        .leftJoin(accounts, eq(accounts.id, qaQuestions.accountId))
        .leftJoin(enterprises, eq(enterprises.id, qaQuestions.enterpriseId))
        .where(QUEUE_WHERE[query.kind ?? 'all'])
        .orderBy(desc(qaQuestions.askedAt), desc(qaQuestions.id))
        .limit(limit)
        .offset(offset),
    map: ({ total: _total, ...r }) => ({ ...r, askedAt: r.askedAt.toISOString() }),
  });
}

const FIGURE_DAYS = 30;

export async function figures(db: Db, at = new Date()): Promise<QaFigures> {
  const { rows } = await db.execute<{ day: string; asked: number; answered: number; useful: number; useless: number }>(sql`
    select to_char(asked_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, count(*)::int as asked,
      count(*) filter (where answered)::int as answered, count(*) filter (where useful)::int as useful,
      count(*) filter (where useful = false)::int as useless
    from ${qaQuestions}
    where asked_at > ${at}::timestamptz - ${`${FIGURE_DAYS} days`}::interval and asked_at <= ${at}
    group by 1 order by 1`);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days = Array.from({ length: FIGURE_DAYS }, (_, i) => {
    const day = chinaDate(new Date(at.getTime() - (FIGURE_DAYS - 1 - i) * 86_400_000));
    return byDay.get(day) ?? { day, asked: 0, answered: 0, useful: 0, useless: 0 };
  });
  const sum = (k: 'asked' | 'answered' | 'useful' | 'useless') => days.reduce((n, d) => n + d[k], 0);
  const asked = sum('asked');
  const marked = sum('useful') + sum('useless');
  return { days, asked, answeredShare: asked ? sum('answered') / asked : null, usefulShare: marked ? sum('useful') / marked : null };
}
