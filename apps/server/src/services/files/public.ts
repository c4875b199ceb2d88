// What other services may ask of the uploads: whether an address is one of our stored files.
import fs from 'node:fs';
import { storedFile } from './service';

/** True for `/uploads/<name>` when the name is one this service makes and the file is there. */
export function isStoredUpload(uploadsDir: string, url: string): boolean {
  if (!url.startsWith('/uploads/')) return false;
  const found = storedFile(uploadsDir, url.slice('/uploads/'.length));
  return found !== null && fs.existsSync(found.file);
}
