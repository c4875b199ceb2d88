// The editor's images (services/upload): the console's upload call, its limits and its messages.
import Type from 'typebox';
import { CONSOLE_PREFIX } from './console';
import { EDITOR_IMAGE_MAX_BYTES, EDITOR_IMAGE_MAX_COUNT } from './constants';

export const UPLOAD_CONSOLE_PATHS = {
  /** The editor's images (multipart, field `file`, repeated): spec §5's limits. */
  imageUpload: `${CONSOLE_PREFIX}/uploads/images`,
} as const;

export const UPLOAD_LIMITS = {
  maxBytes: EDITOR_IMAGE_MAX_BYTES,
  maxCount: EDITOR_IMAGE_MAX_COUNT,
  types: { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' },
} as const;

export const UPLOAD_MSG = {
  tooLarge: '图片不能超过 2 MB',
  tooMany: '每次最多上传 6 张图片',
  wrongType: '仅支持 PNG、JPEG、GIF、WebP 格式的图片',
  empty: '请选择要上传的图片',
  timeout: '图片上传超时，请重试',
} as const;

export const UploadedImage = Type.Object({ url: Type.String(), name: Type.String(), bytes: Type.Integer(), type: Type.String() });
export type UploadedImage = Type.Static<typeof UploadedImage>;
