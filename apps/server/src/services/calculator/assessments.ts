// Each enterprise's assessment against the open guides, kept per node (docs/calculator.md): a second
// page, a filter, a save or another user of the same enterprise costs a lookup, not 10,000 guides.
// Kept under the facts themselves and the rules' version (the open list's id, rulebook.ts): a
// changed profile is other facts, and a rule change (the rulebook's notification) or a window that
// opens or closes is another list, so a stale entry is never found again; it ages out. Bounded by the
// number of results held, least recently used first out.
import { assess, byRelevance, dateOf, type Assessments, type EnterpriseFacts } from '@hqt/contract/calculator-engine';
import { Lru } from '../../lib/lru';
import type { OpenGuides } from './rulebook';

export interface KeptAssessment {
  assessed: Assessments;
  /** The results' positions, most valuable first (byRelevance). */
  ranked: readonly number[];
}

/** Some 100 bytes a result: 500,000 results are some 50 MB (50 enterprises at 10,000 guides). */
export const MAX_KEPT_RESULTS = 500_000;

export class AssessmentCache {
  private readonly kept: Lru<string, KeptAssessment>;

  constructor(maxResults = MAX_KEPT_RESULTS) {
    this.kept = new Lru(maxResults, (entry) => entry.assessed.results.length);
  }

  /** The facts' assessment against the open list at `at`: kept, or made and kept. */
  get(open: OpenGuides, facts: EnterpriseFacts, at: Date): KeptAssessment {
    const key = `${open.id}|${dateOf(at)}|${JSON.stringify(facts)}`;
    const found = this.kept.get(key);
    if (found) return found;
    const assessed = assess(facts, open.guides, at);
    const ranked = [...assessed.results.keys()].sort((a, b) => byRelevance(assessed.results[a]!, assessed.results[b]!) || a - b);
    const made = { assessed, ranked };
    this.kept.set(key, made);
    return made;
  }

  get size() {
    return this.kept.size;
  }
}
