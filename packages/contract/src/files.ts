// Files (docs/files.md): private attachments uploaded by any signed-in account, tied to what they
// belong to by the service that owns it, and served only to whom that service allows.
import Type from 'typebox';
import { MAX_INT } from './constants';

export const FILE_PATHS = {
  upload: '/api/files',
  file: '/api/files/:id',
  /**
   * A visitor's upload (no account: a 公示's objector). The files are bound to a claim, a secret
   * the first upload answers and the later ones send back in UPLOAD_CLAIM_HEADER; the item they
   * are filed with carries it, and only it can attach them.
   */
  visitorUpload: '/api/v1/files/visitor',
} as const;

/** The header a visitor's later uploads carry their claim in (never the address: it is a secret). */
export const UPLOAD_CLAIM_HEADER = 'x-upload-claim';
/** A claim as the server makes it: 32 random bytes, base64url. */
export const UPLOAD_CLAIM_PATTERN = '^[A-Za-z0-9_-]{43}$';

/** The address a stored attachment is read from. */
export const fileUrl = (id: number) => FILE_PATHS.file.replace(':id', String(id));

/** The types an attachment may be, as its bytes prove them, with the extensions a name may keep. */
export const FILE_TYPES = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/msword': ['doc'],
  'application/vnd.ms-excel': ['xls'],
  'text/plain': ['txt', 'csv', 'log', 'md'],
} as const satisfies Record<string, readonly string[]>;
export type FileType = keyof typeof FILE_TYPES;

export const FILE_LIMITS = {
  /** Bytes a file may have (exactly this passes). */
  maxBytes: 10 * 1024 * 1024,
  /** Files an upload may carry, and files one item (an appeal, a reply) may have attached. */
  maxPerItem: 5,
  /** An upload never attached is removed after this long. */
  unattachedHours: 24,
  /** Visitors' uploads per address and hour (docs/rate-limits.md). */
  visitorUploadsPerHour: 20,
} as const;

/** What a file chooser offers (the server decides by the bytes, whatever the name). */
export const FILE_ACCEPT = Object.values(FILE_TYPES)
  .flat()
  .map((ext) => `.${ext}`)
  .join(',');

export const FILE_MSG = {
  tooLarge: '单个文件不能超过 10 MB',
  tooMany: '每项最多 5 个附件',
  wrongType: '仅支持图片（PNG、JPEG、GIF、WebP）、PDF、Word、Excel、PowerPoint 和纯文本文件',
  empty: '请选择要上传的文件',
  /** An id the caller did not upload, one already attached, or one removed: all read the same. */
  unavailable: '附件不存在或已失效，请重新上传',
} as const;

export const FileIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_INT, title: '文件编号', errorMessage: '文件编号不正确' }),
});

/** A file as its uploader gets it back: the id to attach, and what the bytes proved. */
export const UploadedFile = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  size: Type.Integer(),
  type: Type.String(),
});
export type UploadedFile = Type.Static<typeof UploadedFile>;

/** A visitor's upload: its files, and the claim that binds them (send it with the next upload and the item). */
export const VisitorUpload = Type.Object({ files: Type.Array(UploadedFile), claim: Type.String() });
export type VisitorUpload = Type.Static<typeof VisitorUpload>;

/** A file attached to an item, as the item's readers see it (`url` answers only them). */
export const AttachedFile = Type.Object({
  ...UploadedFile.properties,
  role: Type.Union([Type.String(), Type.Null()]),
  url: Type.String(),
  createdAt: Type.String(),
});
export type AttachedFile = Type.Static<typeof AttachedFile>;

/** A list of uploaded file ids, as a service's form sends them to be attached. */
export const FileIds = Type.Array(FileIdParams.properties.id, { maxItems: FILE_LIMITS.maxPerItem, uniqueItems: true, title: '附件' });
