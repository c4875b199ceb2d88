import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import { UPLOADS_BASE } from '@hqt/contract/constants';
import { UPLOAD_CONSOLE_PATHS, UPLOAD_LIMITS, UPLOAD_MSG, type UploadedImage } from '@hqt/contract/upload';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import type { App } from '../../src/app';
import { auditLog } from '../../src/db/schema/index';
import { bearer, createAccount, createTestApp, loginAs } from '../helpers/app';

let app: App;
let uploadsDir: string;
let staff: Record<string, string>;
let staffId: number;

beforeAll(async () => {
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-uploads-'));
  app = await createTestApp({ UPLOADS_DIR: uploadsDir });
  const account = await createAccount(app, { roleId: ROLES.staff.id, name: '张工作' });
  staffId = account.id;
  staff = bearer((await loginAs(app, account)).access_token);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

// ---- fixtures --------------------------------------------------------------------------------------

const SIGNATURES = {
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  gif: Buffer.from('GIF89a'),
  gif87: Buffer.from('GIF87a'),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]),
};
/** A file that starts like the type and is unique (so no two tests share a stored name). */
const image = (kind: keyof typeof SIGNATURES, size = 64) => {
  const head = Buffer.concat([SIGNATURES[kind], randomBytes(16)]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x2a)]);
};

interface Part {
  content: Buffer;
  filename?: string;
  type?: string;
  field?: string;
}

/** A multipart/form-data body, written by hand as a browser would send it. */
function multipart(parts: Part[], fields: Record<string, string> = {}) {
  const boundary = `----hqt${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'file'}"; filename="${p.filename ?? 'a.png'}"\r\nContent-Type: ${p.type ?? 'image/png'}\r\n\r\n`,
      ),
      p.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (parts: Part[], headers: Record<string, string> = staff, fields?: Record<string, string>) => {
  const body = multipart(parts, fields);
  return app.inject({ method: 'POST', url: UPLOAD_CONSOLE_PATHS.imageUpload, headers: { ...headers, ...body.headers }, payload: body.payload });
};

const storedFiles = () => fs.readdirSync(uploadsDir).sort();
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const refused = (msg: string) => ({ code: 400, msg, data: null });

// ---- uploading -------------------------------------------------------------------------------------

describe('POST /api/console/uploads/images', () => {
  it('stores a PNG under its content hash and serves it back, same bytes, as image/png with nosniff', async () => {
    const content = image('png', 300);
    const res = await upload([{ content, filename: '通知配图.png' }]);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as UploadedImage[];
    expect(res.json()).toMatchObject({ code: 200, msg: MSG.success });
    expect(list).toEqual([{ url: `${UPLOADS_BASE}/${sha(content)}.png`, name: '通知配图.png', bytes: 300, type: 'image/png' }]);
    expect(fs.readFileSync(path.join(uploadsDir, `${sha(content)}.png`)).equals(content)).toBe(true);

    const got = await app.inject({ method: 'GET', url: list[0]!.url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(content)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-length']).toBe('300');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers['content-security-policy']).toBe("default-src 'none'");
    // The other security headers every answer carries (plugins/security.ts).
    expect(got.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(got.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('accepts JPEG, GIF (87a and 89a) and WebP, typed by their bytes, whatever they are called', async () => {
    const files = [
      { content: image('jpg'), filename: 'photo.jpeg', ext: 'jpg', type: 'image/jpeg' },
      { content: image('gif'), filename: 'anim.gif', ext: 'gif', type: 'image/gif' },
      { content: image('gif87'), filename: 'old.gif', ext: 'gif', type: 'image/gif' },
      { content: image('webp'), filename: 'pic.webp', ext: 'webp', type: 'image/webp' },
      // A real PNG with a wrong name and declared type is stored as what it is.
      { content: image('png'), filename: 'screenshot.jpg', ext: 'png', type: 'image/png' },
    ];
    const res = await upload(files.map((f) => ({ content: f.content, filename: f.filename, type: 'application/octet-stream' })));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(files.map((f) => ({ url: `${UPLOADS_BASE}/${sha(f.content)}.${f.ext}`, name: f.filename, bytes: f.content.length, type: f.type })));
    for (const f of files) {
      const got = await app.inject({ method: 'GET', url: `${UPLOADS_BASE}/${sha(f.content)}.${f.ext}` });
      expect(got.headers['content-type']).toBe(f.type);
      expect(got.rawPayload.equals(f.content)).toBe(true);
    }
  });

  it('takes six images at once and refuses a seventh: the whole request, storing nothing', async () => {
    const six = Array.from({ length: UPLOAD_LIMITS.maxCount }, () => ({ content: image('png') }));
    const ok = await upload(six);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toHaveLength(6);

    const before = storedFiles();
    const seven = Array.from({ length: UPLOAD_LIMITS.maxCount + 1 }, () => ({ content: image('png') }));
    const res = await upload(seven);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused(UPLOAD_MSG.tooMany));
    expect(storedFiles()).toEqual(before);
  });

  it('accepts exactly 2 MB and refuses 2 MB + 1 byte, storing none of that request', async () => {
    const exact = image('png', UPLOAD_LIMITS.maxBytes);
    const res = await upload([{ content: exact }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].bytes).toBe(2 * 1024 * 1024);

    const before = storedFiles();
    const small = image('png');
    const tooBig = await upload([{ content: small }, { content: image('png', UPLOAD_LIMITS.maxBytes + 1) }]);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual(refused(UPLOAD_MSG.tooLarge));
    expect(storedFiles()).toEqual(before);
    expect(storedFiles()).not.toContain(`${sha(small)}.png`);
  });

  it('refuses what is not an image by its bytes: renamed executables, SVG (with script) under any name, text', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
    const cases: Part[] = [
      { content: Buffer.concat([Buffer.from('MZ'), randomBytes(200)]), filename: 'evil.png', type: 'image/png' },
      { content: Buffer.concat([Buffer.from('\x7fELF'), randomBytes(200)]), filename: 'evil.png', type: 'image/png' },
      { content: svg, filename: 'x.svg', type: 'image/svg+xml' },
      { content: svg, filename: 'x.png', type: 'image/png' },
      { content: Buffer.from('<?xml version="1.0"?><svg/>'), filename: 'x.png', type: 'image/png' },
      { content: Buffer.from('<html><script>alert(1)</script></html>'), filename: 'x.gif', type: 'image/gif' },
      { content: Buffer.from('just some text'), filename: 'notes.txt', type: 'text/plain' },
      // Half a signature, and RIFF that is not WebP (a WAV file).
      { content: Buffer.from([0x89, 0x50, 0x4e, 0x47]), filename: 'short.png', type: 'image/png' },
      { content: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WAVEfmt ')]), filename: 'a.webp', type: 'image/webp' },
    ];
    const before = storedFiles();
    for (const part of cases) {
      const res = await upload([{ content: image('png') }, part]);
      expect(res.statusCode, part.filename).toBe(400);
      expect(res.json()).toEqual(refused(UPLOAD_MSG.wrongType));
    }
    expect(storedFiles()).toEqual(before);
  });

  it('refuses an empty request, a multipart without files, an empty file and a non-multipart body', async () => {
    const empty = await upload([], staff, { note: 'hello' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(refused(UPLOAD_MSG.empty));

    const noFields = await upload([]);
    expect(noFields.json()).toEqual(refused(UPLOAD_MSG.empty));

    const zeroBytes = await upload([{ content: Buffer.alloc(0) }]);
    expect(zeroBytes.json()).toEqual(refused(UPLOAD_MSG.wrongType));

    const nothing = await app.inject({ method: 'POST', url: UPLOAD_CONSOLE_PATHS.imageUpload, headers: staff });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual(refused(UPLOAD_MSG.empty));

    const bodies: [string, string | Buffer][] = [
      ['application/json', JSON.stringify({ file: { filename: 'a.png', _buf: 'x' } })],
      ['text/plain', 'hello'],
      ['application/octet-stream', image('png')],
      ['image/png', image('png')],
      ['application/x-www-form-urlencoded', 'file=abc'],
    ];
    for (const [type, payload] of bodies) {
      const res = await app.inject({ method: 'POST', url: UPLOAD_CONSOLE_PATHS.imageUpload, headers: { ...staff, 'content-type': type }, payload });
      expect(res.statusCode, type).toBe(400);
      expect(res.json(), type).toEqual(refused(UPLOAD_MSG.empty));
    }

    const noBoundary = await app.inject({ method: 'POST', url: UPLOAD_CONSOLE_PATHS.imageUpload, headers: { ...staff, 'content-type': 'multipart/form-data' }, payload: 'x' });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toEqual(refused(OWN_MSG.badRequest));
  });

  it('refuses files in another field than `file`', async () => {
    const res = await upload([{ content: image('png'), field: 'upload' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(OWN_MSG.badRequest);
  });

  it('stores identical content once, and shows back a cleaned file name', async () => {
    const content = image('gif');
    const first = await upload([{ content, filename: '../../etc/<logo>.gif' }, { content, filename: 'C:\\Users\\x\\copy.gif' }]);
    expect(first.statusCode).toBe(200);
    const [a, b] = first.json().data as UploadedImage[];
    expect(a!.url).toBe(b!.url);
    expect(a!.name).toBe('logo.gif');
    expect(b!.name).toBe('copy.gif');
    const again = await upload([{ content, filename: 'again.gif' }]);
    expect(again.json().data[0].url).toBe(a!.url);
    expect(storedFiles().filter((f) => f.startsWith(sha(content)))).toEqual([`${sha(content)}.gif`]);
    // No temp file is left behind.
    expect(storedFiles().filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('is recorded in the audit log', async () => {
    const content = image('webp');
    const res = await upload([{ content }]);
    const { url } = res.json().data[0] as UploadedImage;
    const rows = await app.db.select().from(auditLog).where(and(eq(auditLog.action, 'upload.image'), eq(auditLog.accountId, staffId)));
    expect(rows.map((r) => r.detail)).toContainEqual({ files: [{ url, bytes: content.length, type: 'image/webp' }] });
  });

  it('admits 工作人员 and 管理员 only: anonymous 401, 企业账户 403', async () => {
    const anonymous = await upload([{ content: image('png') }], {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 401, msg: OWN_MSG.notLoggedIn });

    const enterprise = await createAccount(app, { roleId: ROLES.enterprise.id });
    const denied = await upload([{ content: image('png') }], bearer((await loginAs(app, enterprise)).access_token));
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 403, msg: MSG.forbidden });

    for (const roleId of [ROLES.staff.id, ROLES.admin.id]) {
      const account = await createAccount(app, { roleId, name: '某工作人员' });
      const res = await upload([{ content: image('png') }], bearer((await loginAs(app, account)).access_token));
      expect(res.statusCode, String(roleId)).toBe(200);
    }
  });
});

// ---- serving ---------------------------------------------------------------------------------------

describe('GET /uploads/:name', () => {
  it('answers 404 with the envelope for any name it did not make, and for a missing file', async () => {
    // A file that exists in the folder but is not named as the service names them.
    fs.writeFileSync(path.join(uploadsDir, 'notes.txt'), 'secret');
    const hex = sha(Buffer.from('never uploaded'));
    const names = [
      '..%2Fetc%2Fpasswd',
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '../etc/passwd',
      `${hex.toUpperCase()}.png`,
      `${hex}.svg`,
      `${hex}.PNG`,
      `${hex}.png.html`,
      `${hex.slice(1)}.png`,
      'notes.txt',
      `${hex}.png`,
    ];
    for (const name of names) {
      const res = await app.inject({ method: 'GET', url: `${UPLOADS_BASE}/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.json(), name).toEqual({ code: 404, msg: OWN_MSG.notFound, data: null });
    }
  });
});
