// The push service's background work on the shared job queue (plugins/jobs.ts):
//
// - `push-fanout` { eventId }: writes one event's messages (fan-out.ts). Sent in the transaction
//   that creates the event, so an acknowledged publish always has its job. A node that dies mid-way
//   stops sending heartbeats; the job is retried elsewhere and the rerun adds only what is missing.
// - `push-windows`: every minute (a schedule: one job per minute whichever nodes run), and
//   once at each start, claims the window events that are due (a window opened; one closes within
//   three days). The claim is a row in push_events with a unique (guide, event), so two scans at
//   once claim each event once, and a scan after downtime finds what came due meanwhile.
import { sql } from 'drizzle-orm';
import { CLOSING_REMINDER_DAYS } from '@hqt/contract/push';
import type { Db, DbOrTx } from '../../db/client';
import type { Jobs } from '../../lib/jobs';
import type { FanOutDeps } from './fan-out';
import { fanOut } from './fan-out';

/** Someone just pressed 发布: its messages go before a backlog of window events. */
const PUBLISH_PRIORITY = 10;
/** A node down longer than this does not announce an opening afterwards: it is no longer news. */
const OPENED_CATCH_UP_DAYS = 7;

export interface PushJobs {
  /** In the transaction that publishes the guide: the event and its job commit with it, or neither. */
  guidePublished(tx: DbOrTx, guideId: number): Promise<void>;
  /** Claims the window events that are due and sends their jobs; answers how many it claimed. */
  claimDueWindows(): Promise<number>;
}

export function declarePushJobs(jobs: Jobs, db: Db, deps: FanOutDeps): PushJobs {
  const fanOuts = jobs.queue<{ eventId: number }>({
    name: 'push-fanout',
    // A heartbeat every 5 s while a fan-out runs; 10 s without one and the job is retried elsewhere.
    settings: { retryLimit: 20, retryDelay: 5, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 3600, heartbeatSeconds: 10, notify: true },
    // A backlog (many windows opening on one day, a node back from downtime) drains without waiting
    // out the polling interval between jobs (a full batch fetches again at once), publish messages
    // first (their priority); two at a time, so one huge fan-out does not hold up the rest.
    // NOTIFY wakes a worker for a new job, not for a retry coming due: that one waits for a poll.
    work: { pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2, batchSize: 5, burstWhenBatchFull: true, localConcurrency: 2 },
    run: ({ eventId }) => fanOut(deps, eventId),
  });

  const sendFanOuts = async (tx: DbOrTx, events: { id: number }[], priority: number) => {
    for (const { id } of events) await fanOuts.send(tx, { eventId: id }, { priority });
  };

  const claimDueWindows = () =>
    db.transaction(async (tx) => {
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
      await sendFanOuts(tx, rows, 0);
      return rows.length;
    });

  jobs.queue({
    name: 'push-windows',
    settings: { retryLimit: 3, retryDelay: 10, expireInSeconds: 300, deleteAfterSeconds: 24 * 3600 },
    work: { pollingIntervalSeconds: 5 },
    run: claimDueWindows,
    schedule: '* * * * *',
    atStart: true,
  });

  return {
    async guidePublished(tx, guideId) {
      // A guide republished after a withdrawal announces nothing twice; one already closed, nothing.
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into push_events (guide_id, event)
        select g.id, 'published' from guides g where g.id = ${guideId} and g.window_end > now()
        on conflict (guide_id, event) do nothing
        returning id`);
      await sendFanOuts(tx, rows, PUBLISH_PRIORITY);
    },
    claimDueWindows,
  };
}
