// The files service's calls: the staff editor's image upload and the public /uploads/<name>; any
// account's private upload (FILE_PATHS.upload) and the read of one file (FILE_PATHS.file), answered
// only to whom the owning service's registered reader admits; and the hourly clean-up of uploads
// never attached. See docs/files.md.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import Type from 'typebox';
import { UPLOADS_BASE } from '@hqt/contract/constants';
import { UPLOAD_CONSOLE_PATHS, UPLOAD_LIMITS, UPLOAD_MSG, UploadedImage } from '@hqt/contract/upload';
import { Envelope } from '@hqt/contract/envelope';
import { FILE_LIMITS, FILE_MSG, FILE_PATHS, FileIdParams, UPLOAD_CLAIM_HEADER, UPLOAD_CLAIM_PATTERN, UploadedFile, VisitorUpload } from '@hqt/contract/files';
import { OWN_MSG } from '@hqt/contract/messages';
import { ok } from '../../lib/envelope';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { anonymousCtx, signedIn } from '../../lib/ctx';
import { AttachmentReaders, readableFile, type CanRead } from './attachments';
import { removeStray, removeUnattached } from './cleanup';
import { isCsv, neutraliseCsv } from './csv';
import { attachmentPath, checkAttachment, contentDisposition, checkImage, storeAttachments, storedFile, storeImages, type CheckedFile } from './service';

export interface Files {
  /** While the app starts: who may read the attachments of an owner kind (docs/files.md). */
  register(ownerKind: string, canRead: CanRead): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    files: Files;
  }
}

/** The field the clients send their files in (repeated). */
const FILE_FIELD = 'file';

interface Refusals {
  tooMany: string;
  tooLarge: string;
  wrongType: string;
  empty: string;
}

/**
 * Reads every part of the request and checks every file before anything is written: one file too
 * large, of another type or past the count refuses the whole request and stores nothing.
 */
async function readFiles<T extends string>(request: FastifyRequest, check: (content: Buffer, filename: string) => CheckedFile<T> | null, msg: Refusals): Promise<CheckedFile<T>[]> {
  // @fastify/multipart's refusals, in the envelope's words.
  const multipartMsg: Record<string, string> = { FST_FILES_LIMIT: msg.tooMany, FST_REQ_FILE_TOO_LARGE: msg.tooLarge, FST_INVALID_MULTIPART_CONTENT_TYPE: msg.empty };
  const checked: CheckedFile<T>[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FILE_FIELD) throw badRequest(OWN_MSG.badRequest);
      const file = check(await part.toBuffer(), part.filename);
      if (!file) throw badRequest(msg.wrongType);
      checked.push(file);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown } | null)?.code;
    // Otherwise malformed multipart (no boundary, a part cut short) or the parser's other limits.
    throw badRequest((typeof code === 'string' && multipartMsg[code]) || OWN_MSG.badRequest);
  }
  if (checked.length === 0) throw badRequest(msg.empty);
  return checked;
}

/** A scope where multipart is parsed with these limits, and any other body refused with a Chinese message before it is read. */
async function multipartScope(app: FastifyInstance, limits: { fileSize: number; files: number }, empty: string, routes: (scope: FastifyInstance) => void) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(badRequest(empty)));
    // The body is streamed through these limits (the app's bodyLimit is for parsed bodies only).
    await scope.register(multipart, { limits: { ...limits, fields: 10, fieldSize: 1024, parts: limits.files + 10 } });
    routes(scope);
  });
}


/** Visitors' uploads share one budget per address (docs/rate-limits.md). */
const VISITOR_UPLOAD_BUDGET = 'visitor-upload';
const CLAIM = new RegExp(UPLOAD_CLAIM_PATTERN);

const routes: FastifyPluginAsyncTypebox<{ uploadsDir: string }> = async (app, opts) => {
  const readers = new AttachmentReaders();
  app.rateLimits.declare(VISITOR_UPLOAD_BUDGET, { max: FILE_LIMITS.visitorUploadsPerHour, windowS: 3600 });
  app.decorate('files', { register: (ownerKind, canRead) => readers.register(ownerKind, canRead) });
  app.addHook('onReady', async () => readers.freeze());

  app.jobs.queue({
    name: 'files-cleanup',
    settings: { retryLimit: 3, retryDelay: 60, expireInSeconds: 900, deleteAfterSeconds: 24 * 3600 },
    // Polled often enough that the start's run comes within seconds (tests wait for the start's jobs).
    work: { pollingIntervalSeconds: 5 },
    run: async () => {
      await removeUnattached(app.db, opts.uploadsDir, new Date(Date.now() - FILE_LIMITS.unattachedHours * 3600_000));
      await removeStray(app.db, opts.uploadsDir);
    },
    schedule: '23 * * * *',
    // What an upload cut short by a crash left (bytes without a row, temp files) goes at once.
    atStart: true,
  });

  await multipartScope(app, { fileSize: UPLOAD_LIMITS.maxBytes, files: UPLOAD_LIMITS.maxCount }, UPLOAD_MSG.empty, (scope) => {
    scope.post(
      UPLOAD_CONSOLE_PATHS.imageUpload,
      {
        schema: { tags: ['图片上传'], summary: '编辑器图片上传（multipart，字段 file，可重复；PNG/JPEG/GIF/WebP，每张不超过 2 MB，每次最多 6 张）', consumes: ['multipart/form-data'], response: { 200: Envelope(Type.Array(UploadedImage)) } },
        config: { access: 'staff' },
      },
      async (request) => ok(await storeImages(app.db, signedIn(request), opts.uploadsDir, await readFiles(request, checkImage, UPLOAD_MSG))),
    );
  });

  const tags = ['附件'];
  await multipartScope(app, { fileSize: FILE_LIMITS.maxBytes, files: FILE_LIMITS.maxPerItem }, FILE_MSG.empty, (scope) => {
    scope.post(
      FILE_PATHS.upload,
      {
        schema: {
          tags,
          summary: '上传附件（multipart，字段 file，可重复；图片、PDF、Word、Excel、PowerPoint、纯文本，每个不超过 10 MB，每次最多 5 个）；答复的编号用于提交所属事项',
          consumes: ['multipart/form-data'],
          response: { 200: Envelope(Type.Array(UploadedFile)) },
        },
        config: { access: 'account' },
      },
      async (request) => ok(await storeAttachments(app.db, signedIn(request), opts.uploadsDir, await readFiles(request, checkAttachment, FILE_MSG))),
    );
    scope.post(
      FILE_PATHS.visitorUpload,
      {
        schema: {
          tags,
          summary: `访客上传附件（无需登录：如公示异议的证明材料；每个地址每小时 ${FILE_LIMITS.visitorUploadsPerHour} 次）。首次上传返回凭据 claim，之后的上传在请求头 ${UPLOAD_CLAIM_HEADER} 带上它，提交事项时一并提交`,
          consumes: ['multipart/form-data'],
          response: { 200: Envelope(VisitorUpload) },
        },
        config: { access: 'public', rateBudget: VISITOR_UPLOAD_BUDGET },
      },
      async (request) => {
        const given = request.headers[UPLOAD_CLAIM_HEADER];
        if (given !== undefined && (typeof given !== 'string' || !CLAIM.test(given))) throw badRequest(FILE_MSG.unavailable);
        const claim = given ?? randomBytes(32).toString('base64url');
        const stored = await storeAttachments(app.db, anonymousCtx(request.ip), opts.uploadsDir, await readFiles(request, checkAttachment, FILE_MSG), claim);
        return ok({ files: stored, claim });
      },
    );
  });

  app.get(
    FILE_PATHS.file,
    { schema: { tags, summary: '下载附件（仅上传者及所属事项的查看者；其他人一律 404）', params: FileIdParams }, config: { access: 'account' } },
    async (request, reply) => {
      const file = await readableFile(app.db, readers, signedIn(request), request.params.id);
      const stat = file && (await fs.promises.stat(attachmentPath(opts.uploadsDir, file.sha256)).catch(() => null));
      if (!file || !stat?.isFile()) throw notFound();
      const saved = reply
        .header('content-disposition', contentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        .header('content-security-policy', "default-src 'none'");
      // A .csv opened in a spreadsheet must not run a formula one of its cells starts (csv.ts).
      if (isCsv(file)) {
        const text = Buffer.from(neutraliseCsv((await fs.promises.readFile(attachmentPath(opts.uploadsDir, file.sha256))).toString('utf8')), 'utf8');
        return saved.type('text/csv; charset=utf-8').header('content-length', text.length).send(text);
      }
      return saved
        .type(file.type === 'text/plain' ? 'text/plain; charset=utf-8' : file.type)
        .header('content-length', stat.size)
        .send(fs.createReadStream(attachmentPath(opts.uploadsDir, file.sha256)));
    },
  );

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

export default fp(routes, { name: 'files', dependencies: ['db', 'auth', 'jobs'] });
