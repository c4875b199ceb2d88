// The shared job queue, as a service notices it: a job sent inside a transaction exists only if
// that transaction commits; a job that fails is tried again; several nodes run each job once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import type { JobSender } from '../../src/lib/jobs';
import { createTestApp, databaseUrlOf } from '../helpers/app';

/** One test queue per app: what each node ran, in order. */
function withTestQueue(ran: string[], failFirst = new Set<string>()) {
  let sender: JobSender<{ note: string }> | undefined;
  const beforeReady = (app: App) => {
    sender = app.jobs.queue<{ note: string }>({
      name: 'test-notes',
      settings: { retryLimit: 3, retryDelay: 1 },
      work: { pollingIntervalSeconds: 0.5 },
      run: async ({ note }) => {
        if (failFirst.delete(note)) throw new Error(`first try of ${note} fails`);
        ran.push(note);
      },
    });
  };
  return { beforeReady, sender: () => sender! };
}

describe('jobs', () => {
  const ranA: string[] = [];
  const ranB: string[] = [];
  const failing = new Set(['flaky']);
  const a = withTestQueue(ranA, failing);
  const b = withTestQueue(ranB, failing);
  let app: App;
  let second: App;
  beforeAll(async () => {
    app = await createTestApp({}, { beforeReady: a.beforeReady });
    second = await createTestApp({}, { databaseUrl: databaseUrlOf(app), beforeReady: b.beforeReady });
  });
  afterAll(async () => {
    await second?.close();
    await app?.close();
  });
  const ran = () => [...ranA, ...ranB].sort();

  it('a job sent in a transaction that rolls back never runs; the one committed after it does', async () => {
    await expect(
      app.db.transaction(async (tx) => {
        await a.sender().send(tx, { note: 'rolled-back' });
        throw new Error('the request failed');
      }),
    ).rejects.toThrow('the request failed');
    await app.db.transaction((tx) => a.sender().send(tx, { note: 'committed' }));
    await expect.poll(ran).toContain('committed');
    expect(ran()).not.toContain('rolled-back');
  });

  it('a failing job is tried again, and twenty jobs sent through two nodes each run exactly once', async () => {
    const notes = Array.from({ length: 20 }, (_, i) => `note-${i}`);
    await Promise.all(notes.map((note, i) => (i % 2 ? second : app).db.transaction((tx) => (i % 2 ? b : a).sender().send(tx, { note }))));
    await app.db.transaction((tx) => a.sender().send(tx, { note: 'flaky' }));
    await expect.poll(() => ran().filter((n) => n.startsWith('note-') || n === 'flaky').length).toBe(21);
    expect(ran().filter((n) => n.startsWith('note-'))).toEqual([...notes].sort());
    expect(ran().filter((n) => n === 'flaky')).toEqual(['flaky']);
  });
});
