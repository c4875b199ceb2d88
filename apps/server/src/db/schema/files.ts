import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './account';

const KINDS = sql`('image', 'attachment')`;

/**
 * One row per stored file (services/files, docs/files.md). The bytes are on disk under `sha256`
 * (content-addressed: rows with the same content share them). `image`: the staff editor's public
 * images, served at /uploads/<sha256>.<ext>; `attachment`: private, served at /api/files/<id> only
 * to whom the service it is attached to allows.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    sha256: text('sha256').notNull(),
    /** The type the bytes proved (never the name's or the declared one). */
    type: text('type').notNull(),
    /** The uploader's name for it, cleaned (no folders, no control or reserved characters). */
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The uploading account; null for a visitor's upload, which `claim_hash` binds instead. */
    uploaderId: integer('uploader_id').references(() => accounts.id, { onDelete: 'no action' }),
    /** A visitor's upload: the SHA-256 of its claim (FILE_PATHS.visitorUpload), which only the item filed with it can attach. */
    claimHash: text('claim_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Whether other rows still hold the same bytes.
    index('files_sha256_idx').on(t.sha256),
    // The clean-up's scan: attachments by age.
    index('files_kind_created_idx').on(t.kind, t.createdAt),
    check('files_kind_check', sql`${t.kind} in ${KINDS}`),
    check('files_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    // Every file is someone's: an account's, or a visitor's claim.
    check('files_owner_check', sql`${t.uploaderId} is not null or ${t.claimHash} is not null`),
  ],
);

/** What an attachment belongs to: one item of a service (`owner_kind`, `owner_id`); a file belongs to one item at most. */
export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** The service's name for what it attaches to, e.g. `appeal`; registered with app.files. */
    ownerKind: text('owner_kind').notNull(),
    ownerId: integer('owner_id').notNull(),
    /** What the file is to the item, where the service says (e.g. `reply`, `supplement`). */
    role: text('role'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('attachments_file_key').on(t.fileId), index('attachments_owner_idx').on(t.ownerKind, t.ownerId, t.id)],
);
