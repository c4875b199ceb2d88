// Background work for every service, on one pg-boss (a PostgreSQL job queue) per node: every node
// runs the workers and PostgreSQL decides which one takes a job (SKIP LOCKED), so several nodes
// never run one job twice and a job survives a restart (docs/jobs.md).
//
// A service declares its queues while it registers (`app.jobs.queue(...)`, answering the queue's
// typed sender); the queues are created or brought up to date and their workers started when the
// app is ready. `send(tx, …)` writes the job in the caller's transaction: it exists if and only if
// that transaction commits, so an acknowledged request always has its job, and a rolled-back one
// never runs.
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { fromDrizzle, PgBoss, type JobResult } from 'pg-boss';
import type { JobSender, Jobs, QueueDeclaration } from '../lib/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

const bossOptions = (connectionString: string) => ({ connectionString, max: 3, application_name: 'hqt-jobs' });

/** pg-boss's own schema (migrated under its own lock); run with the app's migrations. */
export async function ensureJobSchema(connectionString: string): Promise<void> {
  const boss = new PgBoss({ ...bossOptions(connectionString), supervise: false, schedule: false, registerInstance: false });
  boss.on('error', () => {}); // start() rejects with the same error
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

export interface JobsOptions {
  connectionString: string;
  /** How often pg-boss looks for jobs whose node died (heartbeats missed), in seconds. */
  monitorIntervalS: number;
}

export default fp<JobsOptions>(
  async (app, opts) => {
    const boss = new PgBoss({
      ...bossOptions(opts.connectionString),
      useListenNotify: true,
      migrate: false,
      monitorIntervalSeconds: opts.monitorIntervalS,
      superviseIntervalSeconds: opts.monitorIntervalS,
    });
    const failed = (err: Error) => app.log.error({ err }, 'job queue error');
    boss.on('error', failed);
    const declared = new Map<string, QueueDeclaration<object>>();
    let started = false;

    const ensureQueue = async ({ name, settings }: QueueDeclaration<object>) => {
      if (await boss.getQueue(name)) return boss.updateQueue(name, settings);
      // Two nodes starting at once both find it missing: the loser's insert fails, and the queue is there.
      await boss.createQueue(name, settings).catch(async (err: Error) => {
        if (!(await boss.getQueue(name))) throw err;
      });
    };

    const startQueue = async (declaration: QueueDeclaration<object>) => {
      await ensureQueue(declaration);
      // Per-job results: one failing job of a batch fails alone, the others complete.
      await boss.work<object>(declaration.name, { ...declaration.work, perJobResults: true }, async (jobs) => {
        const results: JobResult[] = [];
        for (const job of jobs) {
          try {
            await declaration.run(job.data);
            results.push({ id: job.id, status: 'completed' });
          } catch (err) {
            app.log.error({ err, queue: declaration.name }, 'job failed');
            results.push({ id: job.id, status: 'failed', output: { message: (err as Error).message } });
          }
        }
        return results;
      });
      if (declaration.schedule) await boss.schedule(declaration.name, declaration.schedule);
      if (declaration.atStart) await boss.send(declaration.name, {});
    };

    app.decorate('jobs', {
      queue<T extends object>(declaration: QueueDeclaration<T>): JobSender<T> {
        if (started) throw new Error(`queue ${declaration.name} declared after the app started`);
        if (declared.has(declaration.name)) throw new Error(`queue ${declaration.name} declared twice`);
        declared.set(declaration.name, declaration as QueueDeclaration<object>);
        return {
          async send(tx, data, options = {}) {
            await boss.send(declaration.name, data, { ...options, db: fromDrizzle(tx, sql) });
          },
        };
      },
      stop: () => boss.stop({ graceful: true, timeout: 5000 }),
    });

    app.addHook('onReady', async () => {
      started = true;
      await boss.start();
      for (const declaration of declared.values()) await startQueue(declaration);
    });
    // A job cut short here is retried by another node (or this one after restart).
    app.addHook('onClose', async () => {
      if (started) await boss.stop({ graceful: true, timeout: 5000 });
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
