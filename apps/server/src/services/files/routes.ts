import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { CONSOLE_PATHS, UPLOAD_LIMITS, UPLOAD_MSG, UPLOADS_BASE, UploadedImage } from '@hqt/contract/console';
import { Envelope } from '@hqt/contract/envelope';
import { OWN_MSG } from '@hqt/contract/messages';
import { audit } from '../../lib/audit';
import { ok } from '../../lib/envelope';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { checkImage, storedFile, storeImages, type CheckedImage } from './service';

export const UPLOAD_AUDIT = { image: 'upload.image' } as const;

/** The field the editor sends its files in (repeated). */
const FILE_FIELD = 'file';

/** @fastify/multipart's refusals, in the envelope's words. */
const MULTIPART_MSG: Record<string, string> = {
  FST_FILES_LIMIT: UPLOAD_MSG.tooMany,
  FST_REQ_FILE_TOO_LARGE: UPLOAD_MSG.tooLarge,
  FST_INVALID_MULTIPART_CONTENT_TYPE: UPLOAD_MSG.empty,
};

/**
 * Reads every part of the request and checks every file before anything is written: one file too
 * large, of another type or past the count refuses the whole request and stores nothing.
 */
async function readImages(request: FastifyRequest): Promise<CheckedImage[]> {
  const images: CheckedImage[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FILE_FIELD) throw badRequest(OWN_MSG.badRequest);
      const image = checkImage(await part.toBuffer(), part.filename);
      if (!image) throw badRequest(UPLOAD_MSG.wrongType);
      images.push(image);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown } | null)?.code;
    // Otherwise malformed multipart (no boundary, a part cut short) or the parser's other limits.
    throw badRequest((typeof code === 'string' && MULTIPART_MSG[code]) || OWN_MSG.badRequest);
  }
  if (images.length === 0) throw badRequest(UPLOAD_MSG.empty);
  return images;
}

const routes: FastifyPluginAsyncTypebox<{ uploadsDir: string }> = async (app, opts) => {
  const tags = ['图片上传'];

  // The upload route's own scope: multipart is parsed here only, and any other body is refused
  // with a Chinese message before it is read.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(badRequest(UPLOAD_MSG.empty)));
    await scope.register(multipart, {
      limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: UPLOAD_LIMITS.maxCount, fields: 10, fieldSize: 1024, parts: UPLOAD_LIMITS.maxCount + 10 },
    });

    scope.post(
      CONSOLE_PATHS.imageUpload,
      {
        schema: { tags, summary: '编辑器图片上传（multipart，字段 file，可重复；PNG/JPEG/GIF/WebP，每张不超过 2 MB，每次最多 6 张）', consumes: ['multipart/form-data'], response: { 200: Envelope(Type.Array(UploadedImage)) } },
        config: { access: 'staff' },
      },
      async (request) => {
        const images = await readImages(request);
        const list = await storeImages(opts.uploadsDir, images);
        await audit(app.db, request.ctx, UPLOAD_AUDIT.image, { files: list.map(({ url, bytes, type }) => ({ url, bytes, type })) });
        return ok(list);
      },
    );
  });

  // Public, as the published texts that show the images are; outside /api, so no access declaration.
  app.get(`${UPLOADS_BASE}/:name`, { schema: { hide: true, params: Type.Object({ name: Type.String() }) } }, async (request, reply) => {
    const found = storedFile(opts.uploadsDir, request.params.name);
    if (!found) throw notFound();
    const stat = await fs.promises.stat(found.file).catch(() => null);
    if (!stat?.isFile()) throw notFound();
    return reply
      .type(found.type)
      .header('content-length', stat.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'")
      .send(fs.createReadStream(found.file));
  });
};

export default routes;
