// Attachments: a private file tied to one item of a service (an appeal, a reply), and who may read
// it, as the owning service says. See docs/files.md.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { FILE_LIMITS, FILE_MSG, fileUrl, type AttachedFile } from '@hqt/contract/files';
import type { Db, DbOrTx } from '../../db/client';
import { attachments, files } from '../../db/schema/index';
import { isSignedIn, type Ctx, type SignedInCtx } from '../../lib/ctx';
import { badRequest } from '../../lib/errors';
import { claimHashOf } from './service';

/** Whether the caller may read the attachments of one item of the owner kind (e.g. the appeal is its enterprise's). */
export type CanRead = (db: Db, ctx: SignedInCtx, ownerId: number) => Promise<boolean>;

/** Each service's rule for its owner kinds, registered while the app starts. */
export class AttachmentReaders {
  private readonly readers = new Map<string, CanRead>();
  private frozen = false;

  register(ownerKind: string, canRead: CanRead): void {
    if (this.frozen) throw new Error(`attachment owner ${ownerKind} registered after the app started`);
    if (this.readers.has(ownerKind)) throw new Error(`attachment owner ${ownerKind} registered twice`);
    this.readers.set(ownerKind, canRead);
  }

  freeze(): void {
    this.frozen = true;
  }

  get(ownerKind: string): CanRead | undefined {
    return this.readers.get(ownerKind);
  }
}

export interface AttachOptions {
  /** What the files are to the item, e.g. `reply`, `supplement`. */
  role?: string;
  /** A visitor's (no account): the claim its files were uploaded under (FILE_PATHS.visitorUpload). */
  claim?: string;
}

/**
 * Ties uploaded files to one item, inside the caller's transaction (the item's row and its files
 * commit together). Each file must be an attachment this account uploaded (a visitor: uploaded
 * under its claim) and not yet attached anywhere; the item holds at most FILE_LIMITS.maxPerItem.
 * Otherwise a 400 and nothing is tied.
 */
export async function attach(tx: DbOrTx, ctx: Ctx, ownerKind: string, ownerId: number, fileIds: readonly number[], options: AttachOptions = {}): Promise<void> {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return;
  const uploadedBy = isSignedIn(ctx) ? eq(files.uploaderId, ctx.actor.accountId) : options.claim ? and(isNull(files.uploaderId), eq(files.claimHash, claimHashOf(options.claim))) : null;
  if (!uploadedBy) throw badRequest(FILE_MSG.unavailable);
  // One attach at a time per item, so two cannot both pass the count.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`attachments:${ownerKind}`}), ${ownerId})`);
  // Locks the files: the clean-up (cleanup.ts) cannot remove them under us, nor another attach take them.
  const own = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.kind, 'attachment'), uploadedBy))
    .for('update');
  if (own.length !== ids.length) throw badRequest(FILE_MSG.unavailable);
  // A new statement after the lock: it sees what an attach that held the files committed.
  if ((await tx.$count(attachments, inArray(attachments.fileId, ids))) > 0) throw badRequest(FILE_MSG.unavailable);
  const held = await tx.$count(attachments, and(eq(attachments.ownerKind, ownerKind), eq(attachments.ownerId, ownerId)));
  if (held + ids.length > FILE_LIMITS.maxPerItem) throw badRequest(FILE_MSG.tooMany);
  await tx.insert(attachments).values(ids.map((fileId) => ({ fileId, ownerKind, ownerId, role: options.role ?? null })));
}

/** The files of one item, in the order they were attached (whoever asks: the service checks its reader first). */
export async function attachmentsOf(db: DbOrTx, ownerKind: string, ownerId: number): Promise<AttachedFile[]> {
  const rows = await db
    .select({ id: files.id, name: files.name, size: files.size, type: files.type, role: attachments.role, createdAt: attachments.createdAt })
    .from(attachments)
    .innerJoin(files, eq(files.id, attachments.fileId))
    .where(and(eq(attachments.ownerKind, ownerKind), eq(attachments.ownerId, ownerId)))
    .orderBy(asc(attachments.id));
  return rows.map((r) => ({ ...r, url: fileUrl(r.id), createdAt: r.createdAt.toISOString() }));
}

export interface ReadableFile {
  id: number;
  sha256: string;
  type: string;
  name: string;
  size: number;
}

/**
 * The attachment behind an id if the caller may read it: its uploader while it is attached to
 * nothing; once attached, whom its owner kind's reader admits. Otherwise null: the caller cannot
 * tell a file it may not read from one that does not exist.
 */
export async function readableFile(db: Db, readers: AttachmentReaders, ctx: SignedInCtx, id: number): Promise<ReadableFile | null> {
  const [row] = await db
    .select({ id: files.id, sha256: files.sha256, type: files.type, name: files.name, size: files.size, uploaderId: files.uploaderId, ownerKind: attachments.ownerKind, ownerId: attachments.ownerId })
    .from(files)
    .leftJoin(attachments, eq(attachments.fileId, files.id))
    .where(and(eq(files.id, id), eq(files.kind, 'attachment')));
  if (!row) return null;
  const { uploaderId, ownerKind, ownerId, ...file } = row;
  if (ownerKind === null || ownerId === null) return uploaderId === ctx.scope.accountId ? file : null;
  const canRead = readers.get(ownerKind);
  return canRead && (await canRead(db, ctx, ownerId)) ? file : null;
}
