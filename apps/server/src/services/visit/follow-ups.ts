// What becomes of the problems raised on a visit is another service's work (企业诉求 files each as an
// appeal and handles it). The visit announces its summary (`visit.summarized`, in the step's
// transaction) and reads the problems back through what that service registers here while the app
// starts (`app.visitFollowUps.register`), the shape of `app.files.register`: the visit service
// imports neither, so the service that follows problems up stands above it (docs/boundaries.md).
import type { SQL } from 'drizzle-orm';
import type { VisitProblem } from '@hqt/contract/visit';
import type { DbOrTx } from '../../db/client';
import type { SignedInCtx } from '../../lib/ctx';

/** A problem as the summary raises it: its key is unique within the visit. */
export interface RaisedProblem {
  key: string;
  category: string;
  title: string;
  content: string;
}

declare module '../../lib/events' {
  interface DomainEvents {
    /** The lead saved a visit's summary (the first time or an edit) with the problems it raises. */
    'visit.summarized': { ctx: SignedInCtx; visitId: number; enterpriseId: number; problems: RaisedProblem[]; at: Date };
  }
}

export interface ProblemFollowUps {
  /** A visit's problems as followed up, each with its state now, oldest first. */
  of(db: DbOrTx, visitId: number): Promise<VisitProblem[]>;
  /** How many problems the visits in `visitIds` (a query of visit ids) raised, and how many are solved. */
  tally(db: DbOrTx, visitIds: SQL): Promise<{ raised: number; solved: number }>;
}

/** Holds the one registered follow-up; until one registers, a visit's problems are followed up by nobody. */
export class FollowUpSlot implements ProblemFollowUps {
  #registered: ProblemFollowUps | null = null;

  register(followUps: ProblemFollowUps): void {
    if (this.#registered) throw new Error('visit follow-ups: registered twice');
    this.#registered = followUps;
  }

  of: ProblemFollowUps['of'] = (db, visitId) => this.#registered?.of(db, visitId) ?? Promise.resolve([]);
  tally: ProblemFollowUps['tally'] = (db, visitIds) => this.#registered?.tally(db, visitIds) ?? Promise.resolve({ raised: 0, solved: 0 });
}
