// What the 政策申兑 tests build on (apply.test, payout.test): the calls through the app, a guide with
// its form and budget, a document in the 材料库, and a complete submission.
import { expect } from 'vitest';
import { APPLY_CONSOLE_PATHS } from '@hqt/contract/apply-console';
import { APPLY_PATHS, type ApplyFormBody, type ApplyStart, type Material } from '@hqt/contract/apply';
import { FILE_PATHS, type UploadedFile } from '@hqt/contract/files';
import { chinaDate } from '@hqt/contract/working-days';
import type { App } from '../../src/app';
import { insertDraftGuide, insertPolicy } from './content';
import { multipart, pdf } from '../resilience/ownership-world';

export type Headers = Record<string, string>;
export const NAME = '云溪智造科技有限公司';
export const withId = (path: string, id: number) => path.replace(':id', String(id));
export const bank = { name: NAME, bank: '中国工商银行云溪支行', number: '6222020000123456789' };

export const FORM: ApplyFormBody = {
  sections: [
    {
      title: '企业基本情况',
      fields: [
        { key: 'name', label: '企业名称', type: 'text', required: true, prefill: 'profile.name' },
        { key: 'creditCode', label: '统一社会信用代码', type: 'text', required: true, prefill: 'profile.creditCode' },
        { key: 'legal', label: '法定代表人', type: 'text', required: true, prefill: 'profile.legalPerson' },
        { key: 'phone', label: '联系电话', type: 'phone', required: true, prefill: 'profile.contactPhone' },
      ],
    },
    {
      title: '项目情况',
      fields: [
        { key: 'project', label: '项目名称', type: 'text', required: true },
        { key: 'invest', label: '项目投资额', type: 'money', required: true, max: 100000 },
        { key: 'amount', label: '申请金额', type: 'money', required: true, prefill: 'calculator.amount' },
      ],
    },
  ],
  materials: [
    { kind: 'license', required: true },
    { kind: 'audit', label: '上年度审计报告', required: true },
  ],
  commitment: '本企业承诺所填报信息和提交材料真实、准确、完整，如有虚假，自愿承担相应责任。',
  acceptDays: 2,
  reviewDays: 10,
  maxCorrections: 2,
  promiseDays: 60,
  departments: ['czj', 'kjj'],
  exclusiveGroup: null,
};

/** The helpers over the app and a staff member's headers, read when called (both are made in beforeAll). */
export function applyWorld(app: () => App, staff: () => Headers) {
  async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, body?: object) {
    const res = await app().inject({ method, url, headers, ...(body ? { payload: body } : {}) });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: T } };
  }
  async function ok<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, body?: object): Promise<T> {
    const res = await call<T>(method, url, headers, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  async function upload(headers: Headers, name = '营业执照.pdf'): Promise<number> {
    const m = multipart(name, pdf(name));
    const res = await app().inject({ method: 'POST', url: FILE_PATHS.upload, headers: { ...headers, ...m.headers }, payload: m.payload });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as UploadedFile[])[0]!.id;
  }

  async function material(headers: Headers, enterpriseId: number, kind: string, validUntil: string | null = null): Promise<Material> {
    return ok<Material>('POST', APPLY_PATHS.saveMaterial, headers, { enterpriseId, kind, name: `${kind} 材料`, issuer: '云溪县市场监督管理局', validUntil, fileId: await upload(headers, `${kind}.pdf`) });
  }

  /** A published guide open for application, 20 万元 for every enterprise, with the form (and budget) given. */
  async function guideWith(form: ApplyFormBody | null, budget: number | null = 100, over: Parameters<typeof insertDraftGuide>[3] = {}): Promise<number> {
    const policyId = await insertPolicy(app());
    const id = await insertDraftGuide(app(), policyId, `技改设备补助 ${Math.random().toString(36).slice(2, 7)}`, { status: 'published', amountRule: { kind: 'fixed', amount: 20 }, ...over });
    if (form) await ok('PUT', withId(APPLY_CONSOLE_PATHS.form, id), staff(), form);
    if (budget !== null) await ok('PUT', withId(APPLY_CONSOLE_PATHS.budget, id), staff(), { year: Number(chinaDate(new Date()).slice(0, 4)), amount: budget });
    return id;
  }

  /** A complete submission for the guide: the prefill, the typed fields, both materials, the 承诺 and the account. */
  async function submission(guideId: number, enterpriseId: number, headers: Headers) {
    const start = await ok<ApplyStart>('GET', `${APPLY_PATHS.start}?guideId=${guideId}&enterpriseId=${enterpriseId}`, headers);
    const license = start.library.find((m) => m.kind === 'license' && !m.expired) ?? (await material(headers, enterpriseId, 'license'));
    const audit = await material(headers, enterpriseId, 'audit', '2099-12-31');
    return {
      guideId,
      enterpriseId,
      formVersion: start.form.version,
      values: { ...start.prefill, project: '智能产线技术改造', invest: '800' },
      materials: { license: license.id, audit: audit.id },
      signer: '王建国',
      agreed: true,
      bankAccount: { ...bank, name: start.enterpriseName },
    };
  }

  return { call, ok, upload, material, guideWith, submission };
}
