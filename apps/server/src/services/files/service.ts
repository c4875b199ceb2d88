// Stored files: the type read from the bytes (sniff.ts), the bytes kept once under the SHA-256 of
// their content, a row per upload (db/schema/files.ts). Two kinds share this:
// - `image`: the staff editor's public images, in UPLOADS_DIR as `<sha256>.<ext>`, served at
//   /uploads/<name> to anyone (the published texts show them);
// - `attachment`: private files, in UPLOADS_DIR/private as `<sha256>`, served at /api/files/<id>
//   only to whom the service they are attached to allows (attachments.ts).
// See docs/files.md.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { UPLOADS_BASE } from '@hqt/contract/constants';
import { UPLOAD_LIMITS, type UploadedImage } from '@hqt/contract/upload';
import { FILE_TYPES, type FileType, type UploadedFile } from '@hqt/contract/files';
import type { Db, DbOrTx } from '../../db/client';
import { files } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { isSignedIn, type Ctx, type SignedInCtx } from '../../lib/ctx';
import { sniffFileType, sniffImageType, type ImageType } from './sniff';

type ImageExt = (typeof UPLOAD_LIMITS.types)[ImageType];

export const FILES_AUDIT = { image: 'upload.image', attachment: 'file.upload' } as const;

/** A stored image's name: 64 lowercase hex digits and one of the accepted extensions. */
export const STORED_NAME = /^[0-9a-f]{64}\.(png|jpg|gif|webp)$/;

export const CONTENT_TYPE_OF_EXT: Record<ImageExt, ImageType> = Object.fromEntries(
  Object.entries(UPLOAD_LIMITS.types).map(([type, ext]) => [ext, type]),
) as Record<ImageExt, ImageType>;

/** Where the private files are kept: beside the public images, out of reach of /uploads/<name>. */
export const privateDir = (uploadsDir: string) => path.join(uploadsDir, 'private');
export const attachmentPath = (uploadsDir: string, sha256: string) => path.join(privateDir(uploadsDir), sha256);

const MAX_NAME_LENGTH = 100;

/** The original file name as shown back: no folders, no control or reserved characters. */
export function sanitizeFileName(raw: string | undefined, fallback: string): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').replace(/\s+/g, ' ').trim();
  const name = clean.replace(/^\.+/, '');
  return name ? [...name].slice(0, MAX_NAME_LENGTH).join('') : fallback;
}

/** An attachment's name ends in an extension of its proven type (`report.exe` that is a PDF downloads as `report.exe.pdf`). */
export function attachmentName(raw: string | undefined, type: FileType): string {
  const exts: readonly string[] = FILE_TYPES[type];
  const name = sanitizeFileName(raw, `file.${exts[0]}`);
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  return ext && exts.includes(ext) ? name : `${[...name].slice(0, MAX_NAME_LENGTH - 5).join('')}.${exts[0]}`;
}

/** One file of a request, checked and held in memory until every file of the request has passed. */
export interface CheckedFile<T extends string = string> {
  content: Buffer;
  type: T;
  name: string;
}

export function checkImage(content: Buffer, filename: string | undefined): CheckedFile<ImageType> | null {
  const type = sniffImageType(content);
  if (!type) return null;
  return { content, type, name: sanitizeFileName(filename, `image.${UPLOAD_LIMITS.types[type]}`) };
}

export function checkAttachment(content: Buffer, filename: string | undefined): CheckedFile<FileType> | null {
  const type = sniffFileType(content);
  if (!type) return null;
  return { content, type, name: attachmentName(filename, type) };
}

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/**
 * Writes a file under its name unless it is there: temp file + rename, so a reader never sees half a
 * file. The temp file's name starts with `.<name>.` (cleanup.ts `removeStray` knows it by that).
 */
async function writeOnce(dir: string, fileName: string, content: Buffer): Promise<void> {
  const target = path.join(dir, fileName);
  if (await exists(target)) return;
  await fs.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${fileName}.${randomUUID()}.tmp`);
  try {
    await fs.writeFile(temp, content, { flag: 'wx' });
    await fs.rename(temp, target);
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes the images' rows, their bytes under their content hash (an image already stored is not
 * written again) and the audit record, in one transaction holding each content (`lockContent`), as
 * attachments are stored: bytes an upload cut short leaves without a row are removed by the clean-up
 * (cleanup.ts `removeStray`). Answers what the editor inserts. Images are never removed otherwise.
 */
export async function storeImages(db: Db, ctx: SignedInCtx, uploadsDir: string, images: readonly CheckedFile<ImageType>[]): Promise<UploadedImage[]> {
  const stored = images.map((image) => ({ image, hash: sha256(image.content) }));
  const list = stored.map(({ image, hash }) => ({ url: `${UPLOADS_BASE}/${hash}.${UPLOAD_LIMITS.types[image.type]}`, name: image.name, bytes: image.content.length, type: image.type }));
  await db.transaction(async (tx) => {
    for (const hash of [...new Set(stored.map((s) => s.hash))].sort()) await lockContent(tx, hash);
    await tx.insert(files).values(stored.map(({ image, hash }) => ({ kind: 'image', sha256: hash, type: image.type, name: image.name, size: image.content.length, uploaderId: ctx.actor.accountId })));
    for (const { image, hash } of stored) await writeOnce(uploadsDir, `${hash}.${UPLOAD_LIMITS.types[image.type]}`, image.content);
    await audit(tx, ctx, FILES_AUDIT.image, { files: list.map(({ url, bytes, type }) => ({ url, bytes, type })) });
  });
  return list;
}

/**
 * Holds the bytes of one content hash for the rest of the transaction: an upload writing them (its
 * temp file included) and the clean-up removing them (cleanup.ts) take turns, so neither leaves a
 * row without its bytes. The key is the hash's first 64 bits.
 */
export const lockContent = (tx: DbOrTx, hash: string) => tx.execute(sql`select pg_advisory_xact_lock(('x' || ${hash.slice(0, 16)})::bit(64)::bigint)`);

/** What a visitor's claim is kept as: its SHA-256 (the claim itself is the visitor's secret). */
export const claimHashOf = (claim: string) => createHash('sha256').update(claim, 'utf8').digest('hex');

/**
 * Writes the private files' rows (uploaded, attached to nothing yet), their bytes and the audit
 * record, in one transaction holding each content. The bytes are written before the commit: if it
 * never comes (the server or its database killed), they are left without a row until the clean-up.
 * A signed-in caller's files are its account's; a visitor's are bound to its claim.
 */
export async function storeAttachments(db: Db, ctx: Ctx, uploadsDir: string, checked: readonly CheckedFile<FileType>[], claim?: string): Promise<UploadedFile[]> {
  const owner = isSignedIn(ctx) ? { uploaderId: ctx.actor.accountId, claimHash: null } : { uploaderId: null, claimHash: claimHashOf(claim!) };
  const stored = checked.map((file) => ({ file, hash: sha256(file.content) }));
  return db.transaction(async (tx) => {
    // In one order, so two uploads sharing contents cannot wait for each other.
    for (const hash of [...new Set(stored.map((s) => s.hash))].sort()) await lockContent(tx, hash);
    const rows = await tx
      .insert(files)
      .values(stored.map(({ file, hash }) => ({ kind: 'attachment', sha256: hash, type: file.type, name: file.name, size: file.content.length, ...owner })))
      .returning({ id: files.id, name: files.name, size: files.size, type: files.type });
    for (const { file, hash } of stored) await writeOnce(privateDir(uploadsDir), hash, file.content);
    await audit(tx, ctx, FILES_AUDIT.attachment, { files: rows.map(({ id, size, type }) => ({ id, bytes: size, type })) });
    return rows;
  });
}

/** The stored image behind a served name, or null when the name is not one this service makes. */
export function storedFile(uploadsDir: string, name: string): { file: string; type: ImageType } | null {
  const match = STORED_NAME.exec(name);
  if (!match) return null;
  return { file: path.join(uploadsDir, name), type: CONTENT_TYPE_OF_EXT[match[1] as ImageExt] };
}

/** `attachment` with the name in ASCII for old clients and in UTF-8 (RFC 5987) for the rest. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
