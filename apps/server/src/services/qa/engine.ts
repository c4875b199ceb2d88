// What 政策问答 answers from (docs/qa.md): a policy as passages — its text's clauses, its 解读's, and
// each of its guides' 申报条件, 支持标准, 申报材料 and 办理流程 — and the answer to a question over them: the
// passages BM25 ranks, whether the best one holds enough of the question to answer it, which to cite,
// and the answer composed from the cited clauses by template (依据《…》第N条：…), never generated.
// Pure: the service (service.ts) feeds it rows and gives it the day.
import { CLAUSE_VALIDITY, QA_MSG, type ClausePart, type ClauseValidity, type PassageKind } from '@hqt/contract/qa';
import { chinaDate } from '@hqt/contract/working-days';
import { clausesOf } from './clauses';
import { Bm25Index, type FieldTokens, type Hit } from './ranking';
import { quantitiesIn, tokenize, type Quantity, type TermDictionary } from './terms';

export interface Passage {
  /** Its row in qa_passages (absent before it is stored). */
  id?: number;
  policyId: number;
  policyTitle: string;
  docNo: string;
  /** The guide it belongs to: a guide's own passage, or a clause that names the guide. */
  guideId: number | null;
  kind: PassageKind;
  /** Where a clause is on the policy page (its text or its 解读, and the block); null for a guide's passage. */
  part: ClausePart | null;
  block: number | null;
  path: string[];
  label: string;
  text: string;
  /** The policy's dates: in force from, and until (null: no end). */
  effectiveOn: string;
  expiresOn: string | null;
  /** A 常见问题's other ways of asking it (they weigh as its title) and the clause it rests on. */
  variants?: readonly string[];
  basis?: string;
}

export interface PolicySource {
  id: number;
  title: string;
  docNo: string;
  publishDate: string;
  expiryDate: string | null;
  contentHtml: string;
  interpretationHtml: string;
}

export interface GuideSource {
  id: number;
  title: string;
  conditionsText: string;
  supportStandard: string;
  materials: readonly string[];
  /** How it is applied for, as the guide's page shows it: its 办理流程 passage (absent: none). */
  steps?: readonly string[];
  windowStart?: Date | string;
  windowEnd?: Date | string;
  payoutDays?: number;
  deptName?: string;
  deptAddress?: string;
  deptPhone?: string;
}

/** 2026-03-01 (or the moment, China's day) as 2026年03月01日. */
const dayText = (d: Date | string) => {
  const [y, m, day] = (typeof d === 'string' ? d : chinaDate(d)).split('-');
  return `${y}年${m}月${day}日`;
};

/**
 * A guide's 办理流程 passage: its steps, 申报时间, 兑现时限 and the department that receives it, one
 * line each as the guide's page lists them (the answer quotes the line that holds the question).
 */
function procedureOf(g: GuideSource): string {
  const lines = [
    g.steps?.length ? `办理流程：${g.steps.map((s, i) => `${i + 1}. ${s}`).join('，')}` : '',
    g.windowStart && g.windowEnd ? `申报时间：${dayText(g.windowStart)}至${dayText(g.windowEnd)}` : '',
    g.payoutDays === undefined ? '' : `兑现时限：${g.payoutDays > 0 ? `${g.payoutDays}个工作日` : '申报即享受'}`,
    g.deptName ? `受理部门：${g.deptName}` : '',
    g.deptAddress ? `受理地址：${g.deptAddress}` : '',
    g.deptPhone ? `咨询电话：${g.deptPhone}` : '',
  ];
  return g.steps?.length || g.deptName ? lines.filter(Boolean).join('\n') : '';
}

/** Where a passage is, as the citation prints it: 第二章 支持内容 › 第五条. */
export const clauseOf = (p: Pick<Passage, 'path' | 'label'>) => [...p.path, p.label].join(' › ');
/** A passage's name across policies (the evaluation's gold set names the passages it expects so). */
export const passageKey = (p: Pick<Passage, 'docNo' | 'path' | 'label'>) => `${p.docNo}｜${clauseOf(p)}`;

/** A published policy and its published guides as passages. */
export function passagesOf(policy: PolicySource, guides: readonly GuideSource[]): Passage[] {
  const base = { policyId: policy.id, policyTitle: policy.title, docNo: policy.docNo, effectiveOn: policy.publishDate, expiresOn: policy.expiryDate };
  // A clause that names a guide (第三条 规上工业企业首次入规奖励。…) belongs to it: the calculator can speak of it.
  const guideNamed = (text: string) => guides.find((g) => text.includes(g.title))?.id ?? null;
  const clauses = (html: string, part: ClausePart, kind: PassageKind, prefix: string[]) =>
    clausesOf(html).map((c) => ({ ...base, guideId: guideNamed(c.text), kind, part, block: c.block, path: [...prefix, ...c.path], label: c.label, text: c.text }));
  const ofGuide = (g: GuideSource) => {
    const path = [`申报指南《${g.title}》`];
    const own = { ...base, guideId: g.id, part: null, block: null, path };
    return [
      { ...own, kind: 'conditions' as const, label: '申报条件', text: g.conditionsText },
      { ...own, kind: 'standard' as const, label: '支持标准', text: g.supportStandard },
      { ...own, kind: 'materials' as const, label: '申报材料', text: g.materials.map((m, i) => `${i + 1}. ${m}`).join('\n') },
      { ...own, kind: 'procedure' as const, label: '办理流程', text: procedureOf(g) },
    ].filter((p) => p.text.trim());
  };
  return [...clauses(policy.contentHtml, 'c', 'clause', []), ...clauses(policy.interpretationHtml, 'i', 'interpretation', ['政策解读']), ...guides.flatMap(ofGuide)];
}

/** How a passage's policy stands on `today` (YYYY-MM-DD, China time). */
export const validityOf = (p: Pick<Passage, 'effectiveOn' | 'expiresOn'>, today: string): ClauseValidity =>
  p.expiresOn !== null && p.expiresOn < today ? 'expired' : p.effectiveOn > today ? 'notYet' : 'current';

/**
 * The thresholds an answer must pass (the gold set's figures chose them, test/rules/qa-eval.test.ts):
 * the best passage holds at least this share of the question's weight…
 */
export const MIN_COVERAGE = 0.45;
/** …and no more than this share of the question's meaning is in no passage at all. */
const MAX_UNKNOWN = 0.5;
/** …and cited beside it only passages scoring this share of its score. */
const CITE_WITHIN = 0.6;
const MAX_CITATIONS = 3;
/** A text not in force ranks below one that is, by this factor (it is still cited, labelled). */
const NOT_IN_FORCE = 0.6;
/**
 * A guide's 申报材料 and 申报条件 answer a question about materials or conditions (the dictionary's
 * terms 申报材料, 申报条件 and their forms: 要交什么材料, 门槛 …); otherwise they rank below what the
 * texts say of the support itself, by this factor.
 */
const ASIDE = 0.5;
const ASKED_BY: Partial<Record<PassageKind, readonly string[]>> = { materials: ['申报材料'], conditions: ['申报条件'] };
/**
 * A guide's 办理流程 (its steps, window, 兑现时限, department) answers only a question about how, when
 * or where to apply (申报流程, 申报时间, 兑现时限, 咨询方式 and their forms: 怎么申请, 多久到账, 电话 …):
 * its steps are alike from guide to guide (登录…提交申请…拨付至对公账户), so otherwise they would meet
 * any question that shares a word with them.
 */
const ONLY_ASKED_BY: Partial<Record<PassageKind, readonly string[]>> = { procedure: ['申报流程', '申报时间', '兑现时限', '咨询方式'] };
/** What a question asks after, not what it is about: these route it to a kind of passage, and cover nothing. */
const ROUTING: ReadonlySet<string> = new Set([...Object.values(ASKED_BY), ...Object.values(ONLY_ASKED_BY)].flat());

export interface RankedPassage {
  passage: Passage;
  score: number;
  coverage: number;
  validity: ClauseValidity;
}

export interface QaResult {
  answered: boolean;
  answer: string;
  /** The passages cited, best first (at most three). */
  cited: RankedPassage[];
  /** The ten best, whether answered or not (the evaluation's list). */
  ranked: RankedPassage[];
  quantities: Quantity[];
}

/** The sentence of a clause that holds most of the question: what the answer quotes. */
function bestSentence(text: string, question: readonly string[], dict: TermDictionary): string {
  const sentences = text.split(/(?<=[。；;！？])|\n/).map((s) => s.trim()).filter(Boolean);
  if (sentences.length <= 1) return text.trim();
  const wanted = new Set(question);
  let best = sentences[0]!;
  let bestScore = -1;
  for (const s of sentences) {
    const score = new Set(tokenize(s, dict).filter((t) => wanted.has(t))).size;
    if (score > bestScore) [best, bestScore] = [s, score];
  }
  return best;
}

/** 依据《…》（文号）第五条：… — one line per cited passage, the first with the sentence that answers. */
function compose(cited: readonly RankedPassage[], question: readonly string[], dict: TermDictionary): string {
  return cited
    .map(({ passage: p, validity }, i) => {
      const note = validity === 'current' ? '' : `（该文件${CLAUSE_VALIDITY[validity]}，仅供参考）`;
      if (p.kind === 'faq') {
        const basis = `《${p.policyTitle}》（${p.docNo}）${p.basis ?? ''}`;
        return i === 0 ? `常见问题「${p.label}」：${p.text}（依据${basis}${note}）` : `另见常见问题「${p.label}」。`;
      }
      const where = p.part === null ? `${p.path[0]}的${p.label}` : `《${p.policyTitle}》（${p.docNo}）${clauseOf({ path: p.path, label: p.label })}`;
      // Its label is said already (第五条, 办理流程：): the sentence follows it.
      const sentence = bestSentence(p.text, question, dict).replace(/^(第[一二三四五六七八九十百零〇两\d]+条|[一二三四五六七八九十]+、)\s*/, '');
      const said = sentence.startsWith(`${p.label}：`) ? sentence.slice(p.label.length + 1) : sentence;
      return i === 0 ? `依据${where}${note}：${said}` : `另见${where}${note}。`;
    })
    .join('\n');
}

/** A passage's fields as tokens: the title (the policy's, and a guide's for its own passages), the path and label, the text. */
const fieldsOf = (p: Passage, dict: TermDictionary): FieldTokens => ({
  title: tokenize(p.kind === 'faq' ? [p.label, ...(p.variants ?? [])].join(' ') : p.guideId !== null && p.part === null ? `${p.policyTitle} ${p.path[0]}` : p.policyTitle, dict),
  heading: tokenize([...p.path, p.label].join(' '), dict),
  body: tokenize(p.text, dict),
});

/** Passages tokenised between turns of the event loop: a large index does not stop the server answering. */
const TOKENIZE_CHUNK = 500;

/** Where a passage stands for its guide: the policy's text, its 解读, or the guide's own parts (one of each is cited). */
const placeOf = (p: Passage) => (p.guideId === null ? passageKey(p) : `${p.part ?? 'guide'}:${p.guideId}`);
/** The policy text's passages that name one guide (its 条, its row of the table) are one for the ranking. */
const sameText = (p: Passage) => (p.part === 'c' && p.guideId !== null ? `c:${p.guideId}` : passageKey(p));

export class QaIndex {
  private readonly index: Bm25Index;

  constructor(
    readonly passages: readonly Passage[],
    readonly dict: TermDictionary,
    fields: readonly FieldTokens[] = passages.map((p) => fieldsOf(p, dict)),
  ) {
    this.index = new Bm25Index(fields);
  }

  /** As the constructor, yielding to the event loop every TOKENIZE_CHUNK passages. */
  static async build(passages: readonly Passage[], dict: TermDictionary): Promise<QaIndex> {
    const fields: FieldTokens[] = [];
    for (let i = 0; i < passages.length; i += TOKENIZE_CHUNK) {
      for (const p of passages.slice(i, i + TOKENIZE_CHUNK)) fields.push(fieldsOf(p, dict));
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return new QaIndex(passages, dict, fields);
  }

  /** The answer on `today`; `live` may drop a passage whose policy is no longer published. */
  ask(question: string, today: string, live: (p: Passage) => boolean = () => true): QaResult {
    const tokens = tokenize(question, this.dict);
    const quantities = quantitiesIn(question);
    const asks = (terms: readonly string[] | undefined) => terms === undefined || terms.some((t) => tokens.includes(t));
    const hits: Hit[] = tokens.length ? this.index.search(tokens, 50, (doc) => live(this.passages[doc]!) && asks(ONLY_ASKED_BY[this.passages[doc]!.kind]), ROUTING) : [];
    const ranked = hits
      .map((h) => {
        const passage = this.passages[h.doc]!;
        const validity = validityOf(passage, today);
        const asked = ASKED_BY[passage.kind];
        const prior = (validity === 'current' ? 1 : NOT_IN_FORCE) * (asked && !asks(asked) ? ASIDE : 1);
        return { passage, coverage: h.coverage, validity, score: h.score * prior };
      })
      .sort((a, b) => b.score - a.score)
      // A guide's 条 and its row of the table say the same: the better of them is ranked.
      .filter((r, i, all) => all.findIndex((x) => sameText(x.passage) === sameText(r.passage)) === i)
      .slice(0, 10);
    const top = ranked[0];
    if (!top || top.coverage < MIN_COVERAGE || this.index.unknownShare(tokens, ROUTING) >= MAX_UNKNOWN) return { answered: false, answer: QA_MSG.notAnswered, cited: [], ranked, quantities };
    const cited = [top];
    for (const r of ranked.slice(1)) {
      if (cited.length === MAX_CITATIONS || r.score < top.score * CITE_WITHIN) break;
      // One passage per guide in each place: its 条件, 标准 and 材料 side by side would crowd out the other
      // texts; a guide's own passage and the policy's clause both stay.
      if (r.coverage >= MIN_COVERAGE && !cited.some((c) => placeOf(c.passage) === placeOf(r.passage))) cited.push(r);
    }
    return { answered: true, answer: compose(cited, tokens, this.dict), cited, ranked, quantities };
  }
}
