// What other services use of the files: attaching uploaded files to their items, listing an item's
// files, and whether an address is one of the editor's stored images. A service says who may read
// its items' files with `app.files.register(ownerKind, canRead)` while the app starts.
import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { FileType } from '@hqt/contract/files';
import type { DbOrTx } from '../../db/client';
import { files } from '../../db/schema/index';
import type { SignedInCtx } from '../../lib/ctx';
import { attachmentPath, storedFile } from './service';

export { contentDisposition } from './service';

export { attach, attachmentsOf, type AttachOptions, type CanRead } from './attachments';

/** True for `/uploads/<name>` when the name is one this service makes and the file is there. */
export function isStoredUpload(uploadsDir: string, url: string): boolean {
  if (!url.startsWith('/uploads/')) return false;
  const found = storedFile(uploadsDir, url.slice('/uploads/'.length));
  return found !== null && fs.existsSync(found.file);
}

/** The caller's own upload, not yet attached, with its bytes (a file a service reads in, as a treasury's return file): null when it is not. */
export async function ownUpload(db: DbOrTx, uploadsDir: string, ctx: SignedInCtx, id: number): Promise<{ id: number; name: string; type: FileType; content: Buffer } | null> {
  const [row] = await db.select().from(files).where(and(eq(files.id, id), eq(files.kind, 'attachment'), eq(files.uploaderId, ctx.actor.accountId)));
  if (!row) return null;
  return { id: row.id, name: row.name, type: row.type as FileType, content: await fs.promises.readFile(attachmentPath(uploadsDir, row.sha256)) };
}
