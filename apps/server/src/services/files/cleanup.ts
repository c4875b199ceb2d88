// The clean-up of stored files, on the shared job queue (routes.ts: hourly, and once at each start):
// - uploads never attached are removed after FILE_LIMITS.unattachedHours: their rows, and their
//   bytes once no other attachment row holds the same content (editor images are never removed
//   here: the published HTML refers to them by address);
// - bytes without a row and temp files are removed: what an upload cut short (the server killed,
//   its database gone before the commit) or a removal cut short left behind.
// Rows go first and bytes after, each under the content's lock (`lockContent`): a crash between the
// two leaves bytes without a row, which the next run removes, never a row without its bytes.
import fs from 'node:fs/promises';
import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attachments, files } from '../../db/schema/index';
import { lockContent, privateDir } from './service';

const unattached = (cutoff: Date) =>
  and(eq(files.kind, 'attachment'), lt(files.createdAt, cutoff), notExists(sql`(select 1 from ${attachments} where ${attachments.fileId} = ${files.id})`));

/** Removes the attachments uploaded before the cutoff and attached to nothing; answers how many rows went. */
export async function removeUnattached(db: Db, uploadsDir: string, cutoff: Date): Promise<number> {
  const hashes = await db.selectDistinct({ sha256: files.sha256 }).from(files).where(unattached(cutoff));
  let removed = 0;
  for (const { sha256 } of hashes) {
    removed += await db.transaction(async (tx) => {
      // An upload of the same content waits, or is waited for (service.ts).
      await lockContent(tx, sha256);
      // Locked first, checked after by a new statement: an attach that held one of them has
      // committed by then, and its row is seen (attachments.ts locks the files the same way).
      const candidates = await tx.select({ id: files.id }).from(files).where(and(eq(files.sha256, sha256), unattached(cutoff))).for('update');
      if (candidates.length === 0) return 0;
      const gone = await tx
        .delete(files)
        .where(and(inArray(files.id, candidates.map((c) => c.id)), unattached(cutoff)))
        .returning({ id: files.id });
      return gone.length;
    });
    // The bytes after the rows' commit, once no row holds them.
    await removeStrayContent(db, privateDir(uploadsDir), 'attachment', sha256, [sha256]);
  }
  return removed;
}

/** A stored file's name (`<sha256>` or `<sha256>.<ext>`) or its temp file's (`.<name>.<uuid>.tmp`, service.ts `writeOnce`). */
const STORED = /^(\.)?([0-9a-f]{64})(\.(?:png|jpg|gif|webp))?(\.[0-9a-f-]{36}\.tmp)?$/;

/**
 * Under the content's lock (no upload of it is writing or committing meanwhile): removes the temp
 * files among `names`, and the bytes too when no row of `kind` holds the content.
 */
async function removeStrayContent(db: Db, dir: string, kind: 'image' | 'attachment', sha256: string, names: readonly string[]): Promise<number> {
  return db.transaction(async (tx) => {
    await lockContent(tx, sha256);
    const held = (await tx.$count(files, and(eq(files.sha256, sha256), eq(files.kind, kind)))) > 0;
    let removed = 0;
    for (const name of names) {
      const temp = STORED.exec(name)?.[4] !== undefined;
      if (!temp && held) continue;
      try {
        await fs.rm(`${dir}/${name}`);
        removed += 1;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    return removed;
  });
}

/** Removes the bytes no row holds and every temp file, in the images' folder and the private one; answers how many files went. */
export async function removeStray(db: Db, uploadsDir: string): Promise<number> {
  let removed = 0;
  for (const [dir, kind] of [
    [uploadsDir, 'image'],
    [privateDir(uploadsDir), 'attachment'],
  ] as const) {
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const byContent = new Map<string, string[]>();
    for (const name of names) {
      const match = STORED.exec(name);
      // Only the names this service makes, each in its own folder: an image's in the images' folder, a bare hash in the private one.
      if (!match || (match[3] !== undefined) !== (kind === 'image') || (match[1] !== undefined) !== (match[4] !== undefined)) continue;
      byContent.set(match[2]!, [...(byContent.get(match[2]!) ?? []), name]);
    }
    for (const [sha256, ofContent] of byContent) removed += await removeStrayContent(db, dir, kind, sha256, ofContent);
  }
  return removed;
}
