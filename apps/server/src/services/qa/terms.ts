// Chinese segmentation that keeps policy terms whole (docs/qa.md): the policy-term dictionary
// (字典管理's 问答词典) is matched first, longest form first, and every form of a term becomes its
// canonical label (补助, 奖补, 资助 → 补贴; 高企 → 高新技术企业); the text between terms goes to Node's
// own word segmenter (Intl.Segmenter, ICU's dictionary: no file to download), which alone splits
// 专精特新 into 专精|特|新. Beside the words, the Han runs between terms give their overlapping
// character pairs (marked ~), so a word the two sides segment differently (入库 / 入|库) still meets.
// Pure: no database, no app.

export interface TermItem {
  label: string;
  extra: Readonly<Record<string, unknown>> | null;
}

export interface TermDictionary {
  /** Every form (the label and its synonyms), normalised → the label. */
  forms: ReadonlyMap<string, string>;
  /** By a form's first character, the lengths of the forms it starts, longest first: a position tries only those. */
  lengths: ReadonlyMap<string, readonly number[]>;
}

/** Full-width digits, letters and punctuation as their ASCII forms; lower case. */
export const normalize = (text: string) => text.normalize('NFKC').toLowerCase();

export function termDictionary(items: readonly TermItem[]): TermDictionary {
  const forms = new Map<string, string>();
  for (const { label, extra } of items) {
    const synonyms = typeof extra?.synonyms === 'string' ? extra.synonyms.split('|') : [];
    for (const form of [label, ...synonyms].map((f) => normalize(f.trim())).filter(Boolean)) {
      // A form two terms claim keeps its first owner (the dictionary's order).
      if (!forms.has(form)) forms.set(form, label);
    }
  }
  const lengths = new Map<string, number[]>();
  for (const form of forms.keys()) {
    const first = form[0]!;
    lengths.set(first, [...new Set([...(lengths.get(first) ?? []), form.length])].sort((a, b) => b - a));
  }
  return { forms, lengths };
}

/**
 * Words that carry no policy meaning: the question's frame (请问, 能不能, 多少) and the texts' glue.
 * 企业 and 政策 stay: rare they are not, but BM25's weight for them is already near nothing.
 */
const STOPWORDS = new Set(
  (
    '的 了 是 在 和 与 及 或 等 并 对 按 为 由 其 之 而 以 于 将 从 向 被 把 给 让 这 那 此 该 各 每 本 个 些 也 都 就 还 又 再 很 ' +
    '我 我们 我司 你 你们 您 他 她 它 他们 咱们 自己 公司 单位 ' +
    '吗 呢 吧 啊 呀 嘛 哦 么 什么 怎么 怎么样 怎样 如何 多少 几 哪 哪些 哪个 哪里 谁 为什么 是否 有没有 能否 能不能 可不可以 ' +
    '能 可以 可 会 要 想 需 请问 请 问 一下 下来 一些 这个 那个 这些 那些 现在 如果 假如 的话 比如 已经 刚 刚刚 之后 以后 ' +
    '有 没有 没 不 多 少 大概 大约 左右 具体 相关 有关 关于 情况 问题 里 上 下 中 内 外 后 前 时 时候 ' +
    '一 二 三 年 月 日 号 去年 今年 明年 上年 当年 咋 啥 整 搞 办 弄 给予 获得 享受 拿到 拿 申请 申报 领 领取 ' +
    '多少钱 钱 准备 提交 需要 交 报 去 先去 能去 走 还能 才能 也能 还是 只能 听说 是不是 不要 要不要 行不行 不行 够 过 了 我司 贵 县里 县 里面 一次'
  ).split(' '),
);

const HAN = /\p{Script=Han}/u;
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** A number as the question or the text writes it, with its unit: 800万, 3000万元, 50人, 5%. */
const QUANTITY = /(\d+(?:\.\d+)?)\s*(亿元|万元|亿|万|元|人|名|%|个百分点|家|项|台|套|年)/g;
const UNIT_OF: Record<string, string> = { 亿: '亿元', 万: '万元', 名: '人' };

export interface Quantity {
  text: string;
  value: number;
  unit: string;
}

export function quantitiesIn(text: string): Quantity[] {
  return [...normalize(text).matchAll(QUANTITY)].map((m) => ({ text: m[0], value: Number(m[1]), unit: UNIT_OF[m[2]!] ?? m[2]! }));
}

/**
 * One run of text between terms: its words (stopwords dropped) and the Han pairs of each stretch of
 * words between stopwords (a pair across 我们|去年 would match nothing meant).
 */
function wordsOf(run: string, out: string[]) {
  let stretch = '';
  const pairs = () => {
    for (let i = 0; i + 1 < stretch.length; i++) out.push(`~${stretch.slice(i, i + 2)}`);
    stretch = '';
  };
  for (const s of segmenter.segment(run)) {
    const word = s.segment;
    if (!s.isWordLike || STOPWORDS.has(word) || !HAN.test(word)) {
      pairs();
      continue;
    }
    out.push(word);
    stretch += word;
  }
  pairs();
}

/**
 * The tokens of a text: its dictionary terms (as their labels), its other Han words and its Han
 * pairs (~xy), in order.
 */
export function tokenize(text: string, dict: TermDictionary): string[] {
  // Figures are read as quantities (quantitiesIn), not matched as words.
  const t = normalize(text).replace(QUANTITY, ' ').replace(/\d+(?:\.\d+)?/g, ' ');
  const out: string[] = [];
  let runStart = 0;
  let i = 0;
  while (i < t.length) {
    let matched = 0;
    for (const len of dict.lengths.get(t[i]!) ?? []) {
      if (i + len > t.length) continue;
      const term = dict.forms.get(t.slice(i, i + len));
      if (term !== undefined) {
        if (runStart < i) wordsOf(t.slice(runStart, i), out);
        out.push(term);
        matched = len;
        break;
      }
    }
    i += matched || 1;
    if (matched) runStart = i;
  }
  if (runStart < t.length) wordsOf(t.slice(runStart), out);
  return out;
}

/** A pair token (~xy) rather than a word or a term. */
export const isPair = (token: string) => token.startsWith('~');
