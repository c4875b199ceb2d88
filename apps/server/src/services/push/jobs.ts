// The push service's background work on pg-boss (a PostgreSQL job queue): every node runs the
// workers, and PostgreSQL decides which one takes a job (SKIP LOCKED), so several nodes never run one
// job twice and a job survives a restart.
//
// - `push-fanout` { eventId }: writes one event's messages (fan-out.ts). Sent in the transaction
//   that creates the event, so an acknowledged publish always has its job. A node that dies mid-way
//   stops sending heartbeats; the job is retried elsewhere and the rerun adds only what is missing.
// - `push-windows`: every minute (a pg-boss schedule: one job per minute whichever nodes run), and
//   once at each start, claims the window events that are due (a window opened; one closes within
//   three days). The claim is a row in push_events with a unique (guide, event), so two scans at
//   once claim each event once, and a scan after downtime finds what came due meanwhile.
import { sql } from 'drizzle-orm';
import { fromDrizzle, PgBoss, type JobResult, type Queue } from 'pg-boss';
import { CLOSING_REMINDER_DAYS } from '@hqt/contract/push';
import type { DbOrTx } from '../../db/client';
import type { FanOutDeps } from './fan-out';
import { fanOut } from './fan-out';

const FAN_OUT = 'push-fanout';
const WINDOWS = 'push-windows';

/** Someone just pressed 发布: its messages go before a backlog of window events. */
const PUBLISH_PRIORITY = 10;
/** A node down longer than this does not announce an opening afterwards: it is no longer news. */
const OPENED_CATCH_UP_DAYS = 7;

const QUEUES: Record<string, Omit<Queue, 'name'>> = {
  // A heartbeat every 5 s while a fan-out runs; 10 s without one and the job is retried elsewhere.
  [FAN_OUT]: { retryLimit: 20, retryDelay: 5, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 3600, heartbeatSeconds: 10, notify: true },
  [WINDOWS]: { retryLimit: 3, retryDelay: 10, expireInSeconds: 300, deleteAfterSeconds: 24 * 3600 },
};

const bossOptions = (connectionString: string) => ({ connectionString, max: 3, application_name: 'hqt-jobs' });

/** Creates pg-boss's schema and the push queues (or brings their settings up to date); run at migration. */
export async function ensurePushQueues(connectionString: string): Promise<void> {
  const boss = new PgBoss({ ...bossOptions(connectionString), supervise: false, schedule: false, registerInstance: false });
  boss.on('error', () => {}); // start() rejects with the same error
  await boss.start();
  try {
    for (const [name, options] of Object.entries(QUEUES)) {
      if (await boss.getQueue(name)) await boss.updateQueue(name, options);
      else await boss.createQueue(name, options);
    }
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

export interface PushJobsOptions {
  connectionString: string;
  fanOut: FanOutDeps;
  onError: (err: Error) => void;
  /** How often pg-boss looks for jobs whose node died (heartbeats missed), in seconds. */
  monitorIntervalS: number;
}

type FanOutJob = { eventId: number };

export class PushJobs {
  private readonly boss: PgBoss;

  constructor(private readonly opts: PushJobsOptions) {
    this.boss = new PgBoss({
      ...bossOptions(opts.connectionString),
      useListenNotify: true,
      migrate: false,
      monitorIntervalSeconds: opts.monitorIntervalS,
      superviseIntervalSeconds: opts.monitorIntervalS,
    });
    this.boss.on('error', opts.onError);
  }

  async start(): Promise<void> {
    await this.boss.start();
    // A backlog (many windows opening on one day, a node back from downtime) drains without waiting
    // out the polling interval between jobs (a full batch fetches again at once), publish messages
    // first (their priority); two at a time, so one huge fan-out does not hold up the rest.
    await this.boss.work<FanOutJob>(
      FAN_OUT,
      // NOTIFY wakes a worker for a new job, not for a retry coming due: that one waits for a poll.
      { pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2, batchSize: 5, burstWhenBatchFull: true, perJobResults: true, localConcurrency: 2 },
      async (jobs) => {
        const results: JobResult[] = [];
        for (const job of jobs) {
          try {
            await fanOut(this.opts.fanOut, job.data.eventId);
            results.push({ id: job.id, status: 'completed' });
          } catch (err) {
            this.opts.onError(err as Error);
            results.push({ id: job.id, status: 'failed', output: { message: (err as Error).message } });
          }
        }
        return results;
      },
    );
    await this.boss.work(WINDOWS, { pollingIntervalSeconds: 5 }, () => this.claimDueWindows());
    await this.boss.schedule(WINDOWS, '* * * * *');
    await this.boss.send(WINDOWS, {}); // what came due while no node ran
  }

  async stop(): Promise<void> {
    // A fan-out cut short here is retried by another node (or this one after restart).
    await this.boss.stop({ graceful: true, timeout: 5000 });
  }

  /** In the transaction that publishes the guide: the event and its job commit with it, or neither. */
  async guidePublished(tx: DbOrTx, guideId: number): Promise<void> {
    // A guide republished after a withdrawal announces nothing twice; one already closed, nothing.
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into push_events (guide_id, event)
      select g.id, 'published' from guides g where g.id = ${guideId} and g.window_end > now()
      on conflict (guide_id, event) do nothing
      returning id`);
    await this.sendFanOuts(tx, rows, PUBLISH_PRIORITY);
  }

  /** Claims the window events that are due and sends their jobs; answers how many it claimed. */
  async claimDueWindows(): Promise<number> {
    const { db } = this.opts.fanOut;
    return db.transaction(async (tx) => {
      // Only for a guide that was already published when its window opened or its reminder came
      // due (otherwise the publish message said it), and an opening at most a week old.
      const reminderAt = sql`g.window_end - make_interval(days => ${CLOSING_REMINDER_DAYS}::int)`;
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into push_events (guide_id, event)
        select g.id, e.event
        from guides g
        join policies p on p.id = g.policy_id
        cross join lateral (values
          ('opened', g.window_start <= now() and g.window_start > g.published_at and g.window_start > now() - make_interval(days => ${OPENED_CATCH_UP_DAYS}::int)),
          ('closing', ${reminderAt} <= now() and ${reminderAt} > g.published_at)) as e(event, due)
        where g.status = 'published' and p.status = 'published' and g.window_end > now() and e.due
        on conflict (guide_id, event) do nothing
        returning id`);
      await this.sendFanOuts(tx, rows, 0);
      return rows.length;
    });
  }

  private async sendFanOuts(tx: DbOrTx, events: { id: number }[], priority: number) {
    if (!events.length) return;
    const db = fromDrizzle(tx, sql);
    for (const { id } of events) await this.boss.send(FAN_OUT, { eventId: id } satisfies FanOutJob, { db, priority });
  }
}
