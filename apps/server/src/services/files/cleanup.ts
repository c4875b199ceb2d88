// Uploads never attached are removed after FILE_LIMITS.unattachedHours: their rows, and their bytes
// once no other attachment row holds the same content. Editor images are never removed here (the
// published HTML refers to them by address). Runs hourly on the shared job queue (routes.ts).
import fs from 'node:fs/promises';
import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attachments, files } from '../../db/schema/index';
import { attachmentPath, lockContent } from './service';

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
      // The bytes go while the content is held, so no upload can take them for a new row meanwhile.
      if ((await tx.$count(files, and(eq(files.sha256, sha256), eq(files.kind, 'attachment')))) === 0) {
        await fs.rm(attachmentPath(uploadsDir, sha256), { force: true });
      }
      return gone.length;
    });
  }
  return removed;
}
