// Each enterprise's assessment against the open guides, kept per node (docs/calculator.md): a second
// page, a filter, a save or another user of the same enterprise costs a lookup, not 10,000 guides.
// Kept under the facts themselves and the rules' version (the open list's id, rulebook.ts): a
// changed profile is other facts, and a rule change (the rulebook's notification) or a window that
// opens or closes is another list, so a stale entry is never found again; it ages out. Bounded by the
// number of results held, least recently used first out.
import { assess, byRelevance, dateOf, type Assessments, type EnterpriseFacts } from '@hqt/contract/calculator-engine';
import type { OpenGuides } from './rulebook';

export interface KeptAssessment {
  assessed: Assessments;
  /** The results' positions, most valuable first (byRelevance). */
  ranked: readonly number[];
}

/** Some 100 bytes a result: 500,000 results are some 50 MB (50 enterprises at 10,000 guides). */
export const MAX_KEPT_RESULTS = 500_000;

export class AssessmentCache {
  private readonly kept = new Map<string, KeptAssessment>();
  private held = 0;

  constructor(private readonly maxResults = MAX_KEPT_RESULTS) {}

  /** The facts' assessment against the open list at `at`: kept, or made and kept. */
  get(open: OpenGuides, facts: EnterpriseFacts, at: Date): KeptAssessment {
    const key = `${open.id}|${dateOf(at)}|${JSON.stringify(facts)}`;
    const found = this.kept.get(key);
    if (found) {
      // Most recently used last: a Map keeps insertion order.
      this.kept.delete(key);
      this.kept.set(key, found);
      return found;
    }
    const assessed = assess(facts, open.guides, at);
    const ranked = [...assessed.results.keys()].sort((a, b) => byRelevance(assessed.results[a]!, assessed.results[b]!) || a - b);
    const made = { assessed, ranked };
    this.kept.set(key, made);
    this.held += assessed.results.length;
    for (const [oldest, entry] of this.kept) {
      if (this.held <= this.maxResults || this.kept.size === 1) break;
      this.kept.delete(oldest);
      this.held -= entry.assessed.results.length;
    }
    return made;
  }

  get size() {
    return this.kept.size;
  }
}
