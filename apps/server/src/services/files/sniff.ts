// What a file is, proven by its bytes (never its name or its declared type): the accepted types
// positively recognised, and executables refused whatever they are called. See docs/files.md.
import type { FileType } from '@hqt/contract/files';

const startsWith = (buf: Buffer, bytes: readonly number[], at = 0) => buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** The image type its first bytes prove, or null: an SVG, an executable or text is none of them. */
export function sniffImageType(buf: Buffer): ImageType | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Programs: Windows (MZ), ELF, Mach-O (both byte orders, 32/64 bit, universal), and scripts (#!). */
const EXECUTABLE_SIGNATURES: readonly (readonly number[])[] = [
  ascii('MZ'),
  [0x7f, 0x45, 0x4c, 0x46],
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
  ascii('#!'),
];
export const isExecutable = (buf: Buffer) => EXECUTABLE_SIGNATURES.some((sig) => startsWith(buf, sig));

// ---- Office Open XML (docx, xlsx, pptx): a zip whose entries name what it is ------------------------

const OOXML: readonly [prefix: string, type: FileType][] = [
  ['word/', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xl/', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['ppt/', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
];

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/**
 * The entry names of a zip, read from its central directory (the end record is in the last
 * 64 KiB + 22 bytes), or null when the bytes are not a well-formed zip.
 */
export function zipEntryNames(buf: Buffer): string[] | null {
  if (!startsWith(buf, ZIP)) return null;
  const from = Math.max(0, buf.length - 0xffff - 22);
  let end = -1;
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    if (at + 46 + nameLength > buf.length) return null;
    names.push(buf.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extra + comment;
  }
  return names;
}

/** docx, xlsx or pptx: `[Content_Types].xml` and the main part's folder; macros (vbaProject.bin) refused. */
function sniffOoxml(buf: Buffer): FileType | null {
  const names = zipEntryNames(buf);
  if (!names?.includes('[Content_Types].xml')) return null;
  if (names.some((name) => name.toLowerCase().endsWith('vbaproject.bin'))) return null;
  return OOXML.find(([prefix]) => names.some((name) => name.startsWith(prefix)))?.[1] ?? null;
}

// ---- the old Office formats (doc, xls): an OLE2 compound file and its main stream -------------------

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** The stream that makes a compound file a Word document or an Excel workbook (Excel 5 named it Book). */
const OLE2_STREAMS: readonly [name: string, type: FileType][] = [
  ['WordDocument', 'application/msword'],
  ['Workbook', 'application/vnd.ms-excel'],
  ['Book', 'application/vnd.ms-excel'],
];
const DIRECTORY_ENTRY = 128;
const STREAM_OBJECT = 2;

/**
 * doc or xls: the compound file's directory holds a stream named WordDocument or Workbook. A
 * directory entry starts on a 128-byte boundary after the 512-byte header (sectors are 512 or
 * 4096 bytes), its UTF-16 name's byte length at 0x40 and its object type at 0x42. Other compound
 * files (an .msi installer, an Outlook message) have neither and are refused.
 */
function sniffOle2(buf: Buffer): FileType | null {
  if (!startsWith(buf, OLE2)) return null;
  const wanted = OLE2_STREAMS.map(([name, type]) => ({ bytes: Buffer.from(`${name}\0`, 'utf16le'), type }));
  for (let at = 512; at + DIRECTORY_ENTRY <= buf.length; at += DIRECTORY_ENTRY) {
    if (buf[at + 0x42] !== STREAM_OBJECT) continue;
    const nameBytes = buf.readUInt16LE(at + 0x40);
    const found = wanted.find(({ bytes }) => bytes.length === nameBytes && buf.subarray(at, at + nameBytes).equals(bytes));
    if (found) return found.type;
  }
  return null;
}

// ---- plain text ------------------------------------------------------------------------------------

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Markup a browser would render, looked for near the start (where browsers have sniffed for it). */
const MARKUP = /<(!doctype|html|head|body|script|svg|iframe|object|embed|\?xml|!--)/i;
const SNIFFED_CHARS = 1024;

/** Valid UTF-8 without NUL, and neither markup (HTML, SVG, XML) nor a script. */
function isPlainText(buf: Buffer): boolean {
  if (buf.includes(0)) return false;
  let text: string;
  try {
    text = utf8.decode(buf);
  } catch {
    return false;
  }
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('<') || start.startsWith('#!')) return false;
  return !MARKUP.test(start.slice(0, SNIFFED_CHARS));
}

/** The attachment type the bytes prove, or null (refused): an executable is never one, whatever else it resembles. */
export function sniffFileType(buf: Buffer): FileType | null {
  if (buf.length === 0 || isExecutable(buf)) return null;
  const image = sniffImageType(buf);
  if (image) return image;
  if (startsWith(buf, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(buf, ZIP)) return sniffOoxml(buf);
  if (startsWith(buf, OLE2)) return sniffOle2(buf);
  return isPlainText(buf) ? 'text/plain' : null;
}
