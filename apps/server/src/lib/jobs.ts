// What a service sees of the shared job queue (plugins/jobs.ts, docs/jobs.md): it declares its
// queues and sends jobs inside its own transactions.
import type { Queue, SendOptions, WorkOptions } from 'pg-boss';
import type { DbOrTx } from '../db/client';

export interface QueueDeclaration<T extends object> {
  name: string;
  /** pg-boss's settings for the queue: retries, expiry, heartbeat, retention. */
  settings: Omit<Queue, 'name'>;
  /** How this node's workers fetch (polling, batch size, concurrency). */
  work?: Omit<WorkOptions, 'perJobResults' | 'transactional'>;
  /** Runs one job; a throw fails it (and pg-boss retries it by the queue's settings). */
  run: (data: T) => Promise<unknown>;
  /** A cron line (UTC): one job per tick, whichever nodes run. */
  schedule?: string;
  /** Also one job at each start: what came due while no node ran. */
  atStart?: boolean;
}

export interface JobSender<T extends object> {
  /** Inside the caller's transaction: the job commits with it, or never exists. */
  send(tx: DbOrTx, data: T, options?: Pick<SendOptions, 'priority' | 'startAfter' | 'singletonKey'>): Promise<void>;
}

export interface Jobs {
  queue<T extends object>(declaration: QueueDeclaration<T>): JobSender<T>;
  /** Stops this node's workers (a job cut short is retried elsewhere); tests use it to play a dead node. */
  stop(): Promise<void>;
}
