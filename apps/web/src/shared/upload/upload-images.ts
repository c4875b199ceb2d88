// The editor's image upload (spec §5): the limits are checked here before anything is sent, then
// one multipart POST (field `file`, repeated) through the shared client, so the Bearer token, the
// refresh and the envelope check apply as to every other call.
import { EDITOR_IMAGE_MAX_BYTES, EDITOR_IMAGE_MAX_COUNT, EDITOR_UPLOAD_TIMEOUT_MS } from '@hqt/contract/constants';
import { UPLOAD_CONSOLE_PATHS, UPLOAD_LIMITS, UPLOAD_MSG, type UploadedImage } from '@hqt/contract/upload';
import { ApiError, http } from '@/shared/api/http';
import { toast } from '@/shared/ui/feedback';

/** The `accept` of the file picker: the types the server takes. */
export const IMAGE_ACCEPT = Object.keys(UPLOAD_LIMITS.types).join(',');

/** Why these files may not be sent (the spec's message), or null when they may. */
export function uploadProblem(files: readonly File[]): string | null {
  if (files.length === 0) return UPLOAD_MSG.empty;
  if (files.length > EDITOR_IMAGE_MAX_COUNT) return UPLOAD_MSG.tooMany;
  if (files.some((f) => f.size > EDITOR_IMAGE_MAX_BYTES)) return UPLOAD_MSG.tooLarge;
  if (files.some((f) => !Object.hasOwn(UPLOAD_LIMITS.types, f.type))) return UPLOAD_MSG.wrongType;
  return null;
}

/**
 * Uploads the images and answers what the server stored, in order. Every failure has shown its
 * toast (the limits, the server's message, the timeout) when the promise rejects.
 */
export async function uploadImages(files: File[]): Promise<UploadedImage[]> {
  const problem = uploadProblem(files);
  if (problem) {
    void toast.error(problem);
    throw new ApiError(problem, 400);
  }
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  const started = Date.now();
  try {
    // Silent: the client's toast would say "请求失败" for a timeout; the spec has its own message.
    return await http.post<UploadedImage[]>(UPLOAD_CONSOLE_PATHS.imageUpload, form, { timeout: EDITOR_UPLOAD_TIMEOUT_MS, silent: true });
  } catch (error) {
    const err = error instanceof ApiError ? error : new ApiError(String(error), 0);
    // A refused or expired session has had its own alert from the client.
    if (err.code !== 401) {
      const timedOut = err.code === 0 && Date.now() - started >= EDITOR_UPLOAD_TIMEOUT_MS;
      void toast.error(timedOut ? UPLOAD_MSG.timeout : err.message);
    }
    throw err;
  }
}
