// BM25 over passages with field weights (BM25F: a term's count in each field, weighted and
// normalised by that field's length, is summed before saturation): the policy's or guide's title
// counts 3, the heading path and label 2, the passage's own text 1. Built in the node from the
// passages' tokens (an inverted index of typed arrays); a question reads only its terms' postings.
// Beside the score, the share of the question's meaning a passage holds (`coverage`: the weight of
// the question's words it contains over all of them) decides whether the texts answer at all.
// Pure: no database.
import { isPair } from './terms';

export type Field = 'title' | 'heading' | 'body';
export const FIELD_WEIGHTS: Record<Field, number> = { title: 3, heading: 2, body: 1 };
const K1 = 1.2;
const B = 0.75;

export type FieldTokens = Record<Field, readonly string[]>;

interface Postings {
  docs: Int32Array;
  /** The weighted, length-normalised count of the term in each of `docs`. */
  tf: Float32Array;
}

export interface Hit {
  doc: number;
  score: number;
  /** The weight of the question's meaning (its words, or the pairs of a word broken up) the passage holds, over all of it: 0–1. */
  coverage: number;
}

/**
 * What a question means, for coverage: its words of two characters or more and, where the segmenter
 * broke an unknown word into single characters (注|销), that word's pairs (~注销).
 */
function unitsOf(terms: readonly string[]): string[] {
  const singles = new Set(terms.filter((t) => !isPair(t) && t.length === 1));
  return terms.filter((t) => (isPair(t) ? singles.has(t[1]!) && singles.has(t[2]!) : t.length > 1));
}

const NONE: ReadonlySet<string> = new Set();

export class Bm25Index {
  readonly size: number;
  private readonly postings = new Map<string, Postings>();
  private readonly scores: Float64Array;

  constructor(docs: readonly FieldTokens[]) {
    this.size = docs.length;
    this.scores = new Float64Array(docs.length);
    const fields = Object.keys(FIELD_WEIGHTS) as Field[];
    const average = Object.fromEntries(fields.map((f) => [f, docs.reduce((sum, d) => sum + d[f].length, 0) / Math.max(1, docs.length) || 1])) as Record<Field, number>;
    const building = new Map<string, { docs: number[]; tf: number[] }>();
    docs.forEach((d, doc) => {
      const weighted = new Map<string, number>();
      for (const f of fields) {
        const norm = FIELD_WEIGHTS[f] / (1 - B + (B * d[f].length) / average[f]);
        for (const token of d[f]) weighted.set(token, (weighted.get(token) ?? 0) + norm);
      }
      for (const [token, tf] of weighted) {
        let p = building.get(token);
        if (!p) building.set(token, (p = { docs: [], tf: [] }));
        p.docs.push(doc);
        p.tf.push(tf);
      }
    });
    for (const [token, p] of building) this.postings.set(token, { docs: Int32Array.from(p.docs), tf: Float32Array.from(p.tf) });
  }

  /** Inverse document frequency; a term no passage holds weighs as the rarest would. */
  idf(token: string): number {
    const df = this.postings.get(token)?.docs.length ?? 0;
    return Math.log(1 + (this.size - df + 0.5) / (df + 0.5));
  }

  /**
   * The `limit` best passages for the question's tokens, best first; `keep` may drop a passage
   * (a withdrawn policy's, before the index is rebuilt). Pairs count half: they back up the words.
   * `routing` terms (what is asked after: 申报材料, 申报流程 …) score but are not the question's
   * meaning: a passage must hold what the question is about to cover it.
   */
  search(query: readonly string[], limit: number, keep: (doc: number) => boolean = () => true, routing: ReadonlySet<string> = NONE): Hit[] {
    const terms = [...new Set(query)];
    const scores = this.scores;
    const touched: number[] = [];
    const units = unitsOf(terms).filter((t) => !routing.has(t));
    const weights = new Map(terms.map((t) => [t, this.idf(t) * (isPair(t) || t.length === 1 ? 0.5 : 1)]));
    for (const term of terms) {
      const p = this.postings.get(term);
      if (!p) continue;
      const w = weights.get(term)!;
      for (let i = 0; i < p.docs.length; i++) {
        const doc = p.docs[i]!;
        const before = scores[doc]!;
        if (before === 0) touched.push(doc);
        const tf = p.tf[i]!;
        scores[doc] = before + (w * tf * (K1 + 1)) / (tf + K1);
      }
    }
    const ranked = touched
      .filter(keep)
      .sort((a, b) => scores[b]! - scores[a]! || a - b)
      .slice(0, limit)
      .map((doc) => ({ doc, score: scores[doc]!, coverage: 0 }));
    for (const doc of touched) scores[doc] = 0;
    const total = units.reduce((sum, t) => sum + this.idf(t), 0);
    for (const hit of ranked) hit.coverage = total ? units.filter((t) => this.holds(t, hit.doc)).reduce((sum, t) => sum + this.idf(t), 0) / total : 0;
    return ranked;
  }

  /**
   * The share of the question's meaning no passage holds at all (0–1): a question mostly about what
   * no text mentions (营业执照年报, 工伤认定) is not answered, whatever its other words meet.
   */
  unknownShare(query: readonly string[], routing: ReadonlySet<string> = NONE): number {
    const units = unitsOf([...new Set(query)]).filter((t) => !routing.has(t));
    return units.length ? units.filter((t) => !this.postings.has(t)).length / units.length : 1;
  }

  /** Whether the passage holds the term (its postings are in passage order: a binary search). */
  holds(token: string, doc: number): boolean {
    const docs = this.postings.get(token)?.docs;
    if (!docs) return false;
    let lo = 0;
    let hi = docs.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (docs[mid] === doc) return true;
      if (docs[mid]! < doc) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
}
