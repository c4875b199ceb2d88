// The staff editor's images: the type read from the bytes (never the name or the declared type),
// stored once under the SHA-256 of their content, served with names that cannot reach anything else.
// See docs/uploads.md.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_LIMITS, UPLOADS_BASE, type UploadedImage } from '@hqt/contract/console';

type ImageType = keyof typeof UPLOAD_LIMITS.types;
type ImageExt = (typeof UPLOAD_LIMITS.types)[ImageType];

const startsWith = (buf: Buffer, bytes: readonly number[], at = 0) => buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type its first bytes prove, or null: an SVG, an executable or text is none of them. */
export function sniffImageType(buf: Buffer): ImageType | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** A stored image's name: 64 lowercase hex digits and one of the accepted extensions. */
export const STORED_NAME = /^[0-9a-f]{64}\.(png|jpg|gif|webp)$/;

export const CONTENT_TYPE_OF_EXT: Record<ImageExt, ImageType> = Object.fromEntries(
  Object.entries(UPLOAD_LIMITS.types).map(([type, ext]) => [ext, type]),
) as Record<ImageExt, ImageType>;

const MAX_NAME_LENGTH = 100;

/** The original file name as shown back to the editor: no folders, no control or reserved characters. */
export function sanitizeFileName(raw: string | undefined, ext: ImageExt): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').replace(/\s+/g, ' ').trim();
  const name = clean.replace(/^\.+/, '');
  return name ? [...name].slice(0, MAX_NAME_LENGTH).join('') : `image.${ext}`;
}

/** One file of a request, checked and held in memory until every file of the request has passed. */
export interface CheckedImage {
  content: Buffer;
  type: ImageType;
  name: string;
}

export function checkImage(content: Buffer, filename: string | undefined): CheckedImage | null {
  const type = sniffImageType(content);
  if (!type) return null;
  return { content, type, name: sanitizeFileName(filename, UPLOAD_LIMITS.types[type]) };
}

/**
 * Writes the images under their content hash (temp file + rename, so a reader never sees half a
 * file); an image already stored is not written again. Answers what the editor inserts.
 */
export async function storeImages(uploadsDir: string, images: readonly CheckedImage[]): Promise<UploadedImage[]> {
  await fs.mkdir(uploadsDir, { recursive: true });
  const stored: UploadedImage[] = [];
  for (const image of images) {
    const fileName = `${createHash('sha256').update(image.content).digest('hex')}.${UPLOAD_LIMITS.types[image.type]}`;
    const target = path.join(uploadsDir, fileName);
    if (!(await exists(target))) {
      const temp = path.join(uploadsDir, `.${fileName}.${randomUUID()}.tmp`);
      try {
        await fs.writeFile(temp, image.content, { flag: 'wx' });
        await fs.rename(temp, target);
      } catch (err) {
        await fs.rm(temp, { force: true });
        throw err;
      }
    }
    stored.push({ url: `${UPLOADS_BASE}/${fileName}`, name: image.name, bytes: image.content.length, type: image.type });
  }
  return stored;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** The stored file behind a served name, or null when the name is not one this service makes. */
export function storedFile(uploadsDir: string, name: string): { file: string; type: ImageType } | null {
  const match = STORED_NAME.exec(name);
  if (!match) return null;
  return { file: path.join(uploadsDir, name), type: CONTENT_TYPE_OF_EXT[match[1] as ImageExt] };
}
