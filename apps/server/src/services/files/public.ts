// What other services use of the files: attaching uploaded files to their items, listing an item's
// files, and whether an address is one of the editor's stored images. A service says who may read
// its items' files with `app.files.register(ownerKind, canRead)` while the app starts.
import fs from 'node:fs';
import { storedFile } from './service';

export { attach, attachmentsOf, type AttachOptions, type CanRead } from './attachments';

/** True for `/uploads/<name>` when the name is one this service makes and the file is there. */
export function isStoredUpload(uploadsDir: string, url: string): boolean {
  if (!url.startsWith('/uploads/')) return false;
  const found = storedFile(uploadsDir, url.slice('/uploads/'.length));
  return found !== null && fs.existsSync(found.file);
}
