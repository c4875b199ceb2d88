// Issue 25, ownership: every owned resource (profile, evaluation and snapshot, subscription, message,
// appeal with its attachment and timeline, 企业码, visit and summary, uploaded file, the account
// itself) × every call that reads or writes it, taken from the app's own route table so a route
// added later fails this file until it is declared below. Each call is made as the owner, as
// another enterprise account, as a 工作人员, as an 管理员 and anonymous: another enterprise gets none
// of the owner's values and changes none of the owner's rows; anonymous gets 401; staff get 403 on
// the portal's enterprise calls and none of the owner's values on the calls any account may make,
// except where a row of this table says why they reach it; every console call refuses every
// enterprise token (403) and anonymous (401); the owner's reads work.
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_PREFIX } from '@hqt/contract/console';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import type { App } from '../../src/app';
import { createTestApp } from '../helpers/app';
import { buildWorld, multipart, ownerRows, pdf, slot, type Caller, type World } from './ownership-world';

type Resource = 'profile' | 'evaluation' | 'subscription' | 'message' | 'appeal' | 'attachment' | 'timeline' | 'code' | 'visit' | 'summary' | 'file' | 'account' | 'application' | 'material' | 'payment' | 'offer' | 'question';

/** One call aimed at the owner's data: the route's params, query and body filled with the owner's ids. */
interface Call {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: object;
  /** A file upload instead of a JSON body. */
  upload?: boolean;
  /** A read: the owner's own call answers 200 (console reads: the 管理员's). */
  read?: boolean;
  /** Why staff reach the owner's data through this portal call (the app's design, asserted: 200). */
  staffReach?: string;
}
interface Owned {
  touches: Resource[];
  calls: (w: World) => Call[];
  /** A public call a login widens: another enterprise gets exactly what anyone gets. */
  publicCard?: true;
}

const page = { currentPage: 1, pageSize: 50 };

/** Every route that reads or writes something an enterprise owns. */
const OWNED: Record<string, Owned> = {
  // ---- the portal -------------------------------------------------------------------------------
  'POST /api/v1/enterbecalculator/saveenterprise': {
    touches: ['profile'],
    calls: (w) => [
      { body: { name: '改名企业', creditCode: w.creditCode, legalPerson: '张三', nature: 'private', foundedOn: '2019-03-01', registeredCapital: 10, patents: 0, industry: 'C', scale: 'small', region: 'park', qualifications: [], indicators: [], id: w.enterpriseId } },
      // no id, the owner's credit code: "claimed by another account", never whose
      { body: { name: '冒名企业', creditCode: w.creditCode, legalPerson: '张三', nature: 'private', foundedOn: '2019-03-01', registeredCapital: 10, patents: 0, industry: 'C', scale: 'small', region: 'park', qualifications: [], indicators: [] } },
    ],
  },
  'GET /api/v1/enterbecalculator/getallenterprise': { touches: ['profile'], calls: () => [{ read: true }] },
  'GET /api/v1/enterbecalculator/accountinfo': { touches: ['profile', 'account'], calls: () => [{ read: true }] },
  'POST /api/v1/govbecalculator/getenterinfopage': { touches: ['profile'], calls: (w) => [{ body: page, read: true }, { body: { ...page, keyword: w.creditCode } }] },
  'GET /api/v1/enterbecalculator/getenterinfo/:id': { touches: ['profile'], calls: (w) => [{ params: { id: w.enterpriseId }, read: true }] },
  'GET /api/v1/govbecalculator/deleteenterinfo/:id': { touches: ['profile', 'code'], calls: (w) => [{ params: { id: w.enterpriseId } }] },
  'POST /api/v1/enterbecalculator/evaluate': { touches: ['profile', 'evaluation'], calls: (w) => [{ body: { enterpriseId: w.enterpriseId }, read: true }] },
  'POST /api/v1/enterbecalculator/checkguide': { touches: ['profile'], calls: (w) => [{ body: { guideId: w.guideId, enterpriseId: w.enterpriseId }, read: true }] },
  'POST /api/v1/enterbecalculator/saveevaluate': { touches: ['evaluation'], calls: (w) => [{ body: { enterpriseId: w.enterpriseId } }] },
  'POST /api/v1/enterbecalculator/getevaluatepage': { touches: ['evaluation'], calls: (w) => [{ body: { ...page, enterpriseId: w.enterpriseId }, read: true }] },
  'GET /api/v1/enterbecalculator/getevaluateinfo/:id': { touches: ['evaluation'], calls: (w) => [{ params: { id: w.evaluationId }, read: true }] },

  'POST /api/v1/message/getmessagepage': { touches: ['message'], calls: () => [{ body: page, read: true }] },
  'GET /api/v1/message/getunreadcount': { touches: ['message'], calls: () => [{ read: true }] },
  'POST /api/v1/message/readmessage/:id': { touches: ['message'], calls: (w) => [{ params: { id: w.messageId } }] },
  'POST /api/v1/message/readallmessage': { touches: ['message'], calls: () => [{}] },
  'GET /api/v1/message/getmailprefs': { touches: ['message', 'account'], calls: () => [{ read: true }] },
  'POST /api/v1/message/savemailprefs': { touches: ['message', 'account'], calls: () => [{ body: { sources: ['appeal'] } }] },

  'POST /api/v1/enterbecalculator/savesubscribe': { touches: ['subscription'], calls: () => [{ body: { kind: 'keyword', value: '矩阵关键词' } }] },
  'POST /api/v1/enterbecalculator/getsubscribepage': { touches: ['subscription'], calls: () => [{ body: page, read: true }] },
  'GET /api/v1/enterbecalculator/cancelsubscribe/:id': { touches: ['subscription'], calls: (w) => [{ params: { id: w.subscriptionId } }] },

  'POST /api/v1/enterbecalculator/saveappeal': {
    touches: ['appeal', 'attachment'],
    calls: (w) => [
      { body: { enterpriseId: w.enterpriseId, category: 'policy', title: '冒名诉求', content: '内容', contact: '王五', phone: '13800138000' } },
      // its own enterprise, the owner's uploaded file as its attachment
      { body: { enterpriseId: w.intruderEnterpriseId, category: 'policy', title: '借用附件', content: '内容', contact: '王五', phone: '13800138000', fileIds: [w.fileId] } },
    ],
  },
  'GET /api/v1/enterbecalculator/getappeallist/:id': { touches: ['appeal'], calls: (w) => [{ params: { id: w.enterpriseId }, read: true }] },
  'GET /api/v1/appeal/getappeal/:id': { touches: ['appeal', 'attachment', 'timeline'], calls: (w) => [{ params: { id: w.appealId }, read: true }] },
  'POST /api/v1/appeal/step/:id': {
    touches: ['appeal', 'timeline'],
    calls: (w) => [
      { params: { id: w.appealId }, body: { step: 'withdraw' } },
      { params: { id: w.appealId }, body: { step: 'supplement', note: '补充' } },
    ],
  },
  'GET /api/v1/appeal/mycounts': { touches: ['appeal'], calls: () => [{ read: true }] },

  'GET /api/v1/policyapply/start': { touches: ['application', 'material', 'profile'], calls: (w) => [{ query: { guideId: w.applyGuideId, enterpriseId: w.enterpriseId }, read: true }] },
  'POST /api/v1/policyapply/draft': { touches: ['application'], calls: (w) => [{ body: { guideId: w.applyGuideId, enterpriseId: w.enterpriseId, values: { project: '冒名草稿' }, materials: {} } }] },
  'POST /api/v1/policyapply/submit': {
    touches: ['application', 'material'],
    calls: (w) => {
      const body = { guideId: w.applyGuideId, formVersion: 1, values: { project: '冒名申报' }, materials: { license: w.materialId }, signer: '冒名', agreed: true, bankAccount: { name: '乙方企业有限公司', bank: '某银行', number: '12345678' } };
      // the owner's enterprise; its own enterprise with the owner's library document
      return [{ body: { ...body, enterpriseId: w.enterpriseId } }, { body: { ...body, enterpriseId: w.intruderEnterpriseId } }];
    },
  },
  'GET /api/v1/policyapply/list': { touches: ['application'], calls: (w) => [{ query: page, read: true }, { query: { ...page, enterpriseId: w.enterpriseId } }] },
  'GET /api/v1/policyapply/detail/:id': { touches: ['application', 'material', 'timeline'], calls: (w) => [{ params: { id: w.applicationId }, read: true }] },
  'POST /api/v1/policyapply/step/:id': {
    touches: ['application', 'timeline'],
    calls: (w) => [
      // the enterprise's steps (staff take theirs in the console's page of the application)
      { params: { id: w.applicationId }, body: { step: 'withdraw' } },
      { params: { id: w.applicationId }, body: { step: 'correct', values: { project: '冒名补正' } } },
    ],
  },
  'GET /api/v1/policyapply/materials/:id': { touches: ['material'], calls: (w) => [{ params: { id: w.enterpriseId }, read: true }] },
  'POST /api/v1/policyapply/material': {
    touches: ['material', 'file'],
    calls: (w) => [
      { body: { enterpriseId: w.enterpriseId, kind: 'tax', name: '冒名材料', issuer: '', validUntil: null, fileId: w.fileId } },
      // its own enterprise, the owner's uploaded file
      { body: { enterpriseId: w.intruderEnterpriseId, kind: 'tax', name: '借用文件', issuer: '', validUntil: null, fileId: w.fileId } },
    ],
  },
  'DELETE /api/v1/policyapply/material/:id': { touches: ['material'], calls: (w) => [{ params: { id: w.materialId } }] },
  'POST /api/v1/policyapply/difficulty/:id': { touches: ['application', 'appeal'], calls: (w) => [{ params: { id: w.applicationId }, body: { content: '冒名反映申报遇到的困难，请核实处理。' } }] },
  'GET /api/v1/payout/payments/:id': { touches: ['payment'], calls: (w) => [{ params: { id: w.paidApplicationId }, read: true, staffReach: 'staff keep the payment ledger of every application (docs/payout.md)' }] },
  // The owner's arrived instruction: confirmed with its very amount, reported missing, its account corrected — by anyone else.
  'POST /api/v1/payout/payment/:id': {
    touches: ['payment'],
    calls: (w) => [
      { params: { id: w.paymentId }, body: { step: 'confirm', amount: w.paymentAmount } },
      { params: { id: w.paymentId }, body: { step: 'reportMissing', note: '冒名报告未到账' } },
      { params: { id: w.paymentId }, body: { step: 'correctAccount', bankAccount: { name: '乙方企业有限公司', bank: '中国银行云溪支行', number: '6217000011112222' } } },
    ],
  },
  // 免申即享: the owner's offer (confirmed), read and answered by anyone else.
  'GET /api/v1/payout/offers': { touches: ['offer'], calls: () => [{ read: true }] },
  'GET /api/v1/payout/offer/:id': { touches: ['offer'], calls: (w) => [{ params: { id: w.offerId }, read: true, staffReach: 'staff see every offer in 资金拨付 › 免申即享 (docs/payout.md)' }] },
  'POST /api/v1/payout/offer/:id/step': { touches: ['offer'], calls: (w) => [{ params: { id: w.offerId }, body: { step: 'decline' } }] },

  'POST /api/files': { touches: ['file'], calls: () => [{ upload: true }] },
  'GET /api/files/:id': {
    touches: ['file', 'attachment'],
    calls: (w) => [
      { params: { id: w.fileId }, read: true },
      { params: { id: w.attachmentId }, read: true, staffReach: 'staff handle the appeal it is attached to' },
      { params: { id: w.materialFileId }, read: true, staffReach: 'staff review the applications a library document goes with' },
    ],
  },

  'GET /api/v1/entcode/card': { touches: ['code'], publicCard: true, calls: (w) => [{ query: { code: w.code }, read: true, staffReach: 'staff see the card of any code (企业赋码, docs/entcode.md)' }] },
  'GET /api/v1/entcode/mine': { touches: ['code'], calls: () => [{ read: true }] },
  // 政策问答 runs the chosen enterprise's profile through the calculator: another's is 企业不存在.
  'POST /api/v1/policyqa/ask': { touches: ['profile'], calls: (w) => [{ body: { question: '研发费用补助最高多少', enterpriseId: w.enterpriseId }, read: true }] },
  'GET /api/v1/policyqa/history': { touches: ['question'], calls: () => [{ read: true }] },
  'GET /api/v1/policyqa/question/:id': { touches: ['question'], calls: (w) => [{ params: { id: w.questionId }, read: true }] },

  'POST /api/v1/entervisiting/queryappointmentpage': { touches: ['visit'], calls: (w) => [{ body: { ...page, enterpriseId: w.enterpriseId }, read: true }] },
  'POST /api/v1/entervisiting/saveappointmentapproval': {
    touches: ['visit', 'timeline'],
    calls: (w) => [
      { body: { id: w.visitPending.id, action: 'approve' } },
      { body: { id: w.visitPending.id, action: 'decline', note: '不需要' } },
    ],
  },
  'POST /api/v1/entervisiting/querysummarypage': { touches: ['visit', 'summary'], calls: (w) => [{ body: { ...page, enterpriseId: w.enterpriseId }, read: true }] },
  'POST /api/v1/entervisiting/savesummaryappraisal': { touches: ['visit', 'summary'], calls: (w) => [{ body: { id: w.visitHeld.id, rating: 'satisfied' } }] },
  'POST /api/v1/entervisiting/saveappointmentrequest': {
    touches: ['visit'],
    calls: (w) => [{ body: { enterpriseId: w.enterpriseId, subject: '冒名申请走访', preferredTimes: [slot(60, 9, 10), slot(61, 9, 10)].map((s) => ({ start: s.startsAt, end: s.endsAt })), topics: '内容' } }],
  },
  'GET /api/v1/entervisiting/getappointment/:id': { touches: ['visit', 'summary', 'timeline'], calls: (w) => [{ params: { id: w.visitHeld.id }, read: true }] },
  'GET /api/v1/entervisiting/ics/:id': { touches: ['visit'], calls: (w) => [{ params: { id: w.visitConfirmed.id }, read: true, staffReach: 'staff see every visit in 走访管理 (docs/visit.md: owner and staff)' }] },

  'GET /api/v1/Admin/getinfo': {
    touches: ['account'],
    calls: (w) => [{ read: true }, { query: { id: w.owner.account.id, phone: '13966660001' } }],
  },
  'POST /api/v1/admin/updatephone': { touches: ['account'], calls: (w) => [{ body: { id: w.owner.account.id, phone: '13966660002' } }] },
  'POST /api/v1/admin/updateemail': { touches: ['account'], calls: (w) => [{ body: { id: w.owner.account.id, email: 'matrix@yunxi.cn' } }] },
  'POST /api/v1/admin/updatepwd': { touches: ['account'], calls: (w) => [{ body: { oldPassword: w.owner.account.password, newPassword: 'Changed0wner9' } }] },

  // ---- the console ------------------------------------------------------------------------------
  'POST /api/console/accounts/page': { touches: ['account'], calls: (w) => [{ body: { ...page, keyword: w.owner.account.username }, read: true }] },
  'POST /api/console/accounts/:id/:action': { touches: ['account'], calls: (w) => [{ params: { id: w.owner.account.id, action: 'disable' } }] },
  'POST /api/console/enterprises/page': { touches: ['profile'], calls: (w) => [{ body: { ...page, keyword: w.creditCode }, read: true }] },
  'GET /api/console/enterprises/:id': { touches: ['profile', 'appeal', 'visit'], calls: (w) => [{ params: { id: w.enterpriseId }, read: true }] },
  'POST /api/console/audit/page': { touches: ['account'], calls: (w) => [{ body: { ...page, person: w.owner.account.username }, read: true }] },
  'POST /api/console/guides/:id/qualified': { touches: ['profile'], calls: (w) => [{ params: { id: w.guideId }, body: page, read: true }] },
  'GET /api/console/guides/:id/push': { touches: ['subscription', 'message'], calls: (w) => [{ params: { id: w.guideId }, read: true }] },
  'POST /api/console/guides/:id/push/recipients': { touches: ['subscription', 'message'], calls: (w) => [{ params: { id: w.guideId }, body: page, read: true }] },
  'POST /api/console/appeals/page': { touches: ['appeal'], calls: () => [{ body: page, read: true }] },
  'GET /api/console/appeals/:id': { touches: ['appeal', 'attachment', 'timeline'], calls: (w) => [{ params: { id: w.appealId }, read: true }] },
  'POST /api/console/entcodes/page': { touches: ['code'], calls: (w) => [{ body: { ...page, keyword: w.code }, read: true }] },
  'GET /api/console/entcodes/enterprise/:id': { touches: ['code'], calls: (w) => [{ params: { id: w.enterpriseId }, read: true }] },
  'GET /api/console/entcodes/:id': { touches: ['code', 'timeline'], calls: (w) => [{ params: { id: w.codeId }, read: true }] },
  'POST /api/console/entcodes/:id/step': { touches: ['code', 'timeline'], calls: (w) => [{ params: { id: w.codeId }, body: { step: 'suspend', note: '矩阵' } }] },
  'POST /api/console/visits/page': { touches: ['visit'], calls: () => [{ body: page, read: true }] },
  'POST /api/console/visits/calendar': { touches: ['visit'], calls: () => [{ body: { from: slot(0, 0, 1).startsAt.slice(0, 10), to: slot(90, 0, 1).startsAt.slice(0, 10) }, read: true }] },
  'POST /api/console/visits/clashes': { touches: ['visit'], calls: (w) => [{ body: { staffIds: [w.lead.account.id], ...slot(23, 9, 10) }, read: true }] },
  'POST /api/console/visits/plan': {
    touches: ['visit'],
    calls: (w) => [{ body: { enterpriseId: w.enterpriseId, subject: '矩阵走访', type: 'project', method: 'onsite', place: '某地', staff: [{ accountId: w.lead.account.id, lead: true }], ...slot(70, 9, 10) } }],
  },
  'GET /api/console/visits/:id': { touches: ['visit', 'summary', 'timeline'], calls: (w) => [{ params: { id: w.visitHeld.id }, read: true }] },
  'POST /api/console/visits/:id/step': { touches: ['visit', 'timeline'], calls: (w) => [{ params: { id: w.visitConfirmed.id }, body: { step: 'cancel', note: '矩阵' } }] },
  'POST /api/console/visits/:id/summary': { touches: ['summary'], calls: (w) => [{ params: { id: w.visitHeld.id }, body: { content: '矩阵纪要' } }] },
  'POST /api/console/applications/page': { touches: ['application'], calls: () => [{ body: page, read: true }] },
  'GET /api/console/applications/:id': { touches: ['application', 'material', 'timeline'], calls: (w) => [{ params: { id: w.applicationId }, read: true }] },
  'GET /api/console/payouts/payable': { touches: ['application'], calls: () => [{ read: true }] },
  'GET /api/console/payouts/page': { touches: ['application'], calls: () => [{ query: page, read: true }] },
  'GET /api/console/payouts/offers': { touches: ['application'], calls: () => [{ query: page, read: true }] },
  'GET /api/console/payouts/recoveries/page': { touches: ['application'], calls: () => [{ query: page, read: true }] },
  'GET /api/console/workbench': { touches: ['appeal', 'visit'], calls: () => [{ read: true }] },
};

/** Every route that holds nothing an enterprise owns, and why (one word). */
const UNOWNED: Record<string, string> = {
  'GET /api/v1/connect/vierifycode': 'auth',
  'GET /api/v1/connect/vierifycode/audio': 'auth',
  'POST /api/v1/connect/checkcode': 'auth',
  'POST /api/v1/connect/token': 'auth',
  'POST /new/token': 'auth',
  'POST /user/logout': 'auth',
  'POST /api/v1/connect/register': 'auth',
  'POST /api/v1/connect/forgotpassword': 'auth',
  'POST /api/v1/connect/resetpassword': 'auth',
  'POST /api/v1/connect/confirmemail': 'auth',
  'GET /api/v1/admin/getadmininfomenu': 'menu',
  'GET /api/v1/sysinterface/getapislist': 'menu',
  'GET /api/v1/sysinterface/getapislistbyid': 'menu',
  'POST /api/v1/Admin/create': 'administration',
  'GET /api/v1/sysinfo/getplatformname': 'public',
  'GET /api/v1/dictdata/getsondatalist': 'dictionary',
  'POST /api/v1/govbecalculator/getpolicyguidepage': 'catalogue',
  'GET /api/v1/govbecalculator/getfullguideinfo/:id': 'catalogue',
  'POST /api/v1/govbecalculator/getpolicytopicpage': 'catalogue',
  'GET /api/v1/govbecalculator/getpolicytopicinfo/:id': 'catalogue',
  'POST /api/v1/govbecalculator/getpolicydocpage': 'catalogue',
  'GET /api/v1/govbecalculator/getpolicydocinfo/:id': 'catalogue',
  'POST /api/v1/govbecalculator/getappealcatepage': 'catalogue',
  'GET /api/v1/govbecalculator/dataquantitystatistics': 'figures',
  'GET /api/v1/enterbecalculator/getrulebook': 'catalogue',
  'GET /api/v1/appeal/totals': 'figures',
  'POST /api/console/uploads/images': 'content',
  'GET /api/console/calendar/status': 'calendar',
  'GET /api/console/calendar/years/:year': 'calendar',
  'PUT /api/console/calendar/days/:date': 'calendar',
  'PUT /api/console/calendar/years/:year/published': 'calendar',
  'GET /api/console/dicts': 'dictionary',
  'GET /api/console/dicts/:type/items': 'dictionary',
  'POST /api/console/dicts/:type/items': 'dictionary',
  'PUT /api/console/dicts/items/:id': 'dictionary',
  'DELETE /api/console/dicts/items/:id': 'dictionary',
  'POST /api/console/audit/export': 'report',
  'POST /api/console/appeals/counts': 'figures',
  'POST /api/console/applications/counts': 'figures',
  'GET /api/v1/publicity/list': 'public',
  'GET /api/v1/publicity/detail/:id': 'public',
  'POST /api/v1/publicity/objection': 'objection',
  'GET /api/v1/publicity/objections': 'objection',
  'POST /api/v1/publicity/objection/visitor': 'objection',
  'POST /api/v1/publicity/objection/lookup': 'objection',
  'POST /api/v1/files/visitor': 'upload',
  // 政策问答: a mark proven by the answer's own key, whoever sends it (a visitor's too: test/services/qa.test.ts); staff's queue and figures.
  'POST /api/v1/policyqa/feedback': 'questions',
  'POST /api/v1/policyqa/console/questions': 'questions',
  'GET /api/v1/policyqa/console/faqs': 'content',
  'POST /api/v1/policyqa/console/faqs': 'content',
  'PUT /api/v1/policyqa/console/faqs/:id': 'content',
  'DELETE /api/v1/policyqa/console/faqs/:id': 'content',
  'GET /api/v1/policyqa/console/figures': 'figures',
  'GET /api/console/publicities/page': 'publicity',
  'POST /api/console/publicities': 'publicity',
  'GET /api/console/publicities/:id': 'publicity',
  'GET /api/console/publicities/approved': 'publicity',
  'GET /api/console/objections/page': 'objection',
  'GET /api/console/objections/:id': 'objection',
  'POST /api/console/objections/:id/decide': 'objection',
  'POST /api/console/payouts/releases': 'ledger',
  'POST /api/console/payouts/offers/match/:id': 'ledger',
  'POST /api/console/payouts/direct': 'ledger',
  'POST /api/console/payouts/recoveries': 'ledger',
  'POST /api/console/payouts/recoveries/:id/recovered': 'ledger',
  'GET /api/console/applications/figures': 'figures',
  'GET /api/v1/policyapply/totals': 'figures',
  'POST /api/console/payouts/authorise': 'ledger',
  'POST /api/console/payouts/batches': 'ledger',
  'GET /api/console/payouts/batches/page': 'ledger',
  'GET /api/console/payouts/batches/:id/export': 'ledger',
  'POST /api/console/payouts/batches/:id/return': 'ledger',
  'GET /api/console/applications/formless': 'content',
  'GET /api/console/applications/form/:id': 'content',
  'PUT /api/console/applications/form/:id': 'content',
  'GET /api/console/applications/budget/:id': 'figures',
  'PUT /api/console/applications/budget/:id': 'figures',
  'POST /api/console/appeals/figures': 'figures',
  'GET /api/console/appeals/handlers': 'staff',
  'GET /api/console/entcodes/scans': 'figures',
  'POST /api/console/visits/figures': 'figures',
  'POST /api/console/policies/page': 'content',
  'GET /api/console/policies/:id': 'content',
  'POST /api/console/policies': 'content',
  'PUT /api/console/policies/:id': 'content',
  'POST /api/console/policies/:id/state': 'content',
  'GET /api/console/policies/:id/timeline': 'content',
  'POST /api/console/guides/page': 'content',
  'GET /api/console/guides/:id': 'content',
  'POST /api/console/guides': 'content',
  'PUT /api/console/guides/:id': 'content',
  'POST /api/console/guides/:id/state': 'content',
  'GET /api/console/guides/:id/timeline': 'content',
  'POST /api/console/topics/page': 'content',
  'GET /api/console/topics/:id': 'content',
  'POST /api/console/topics': 'content',
  'PUT /api/console/topics/:id': 'content',
  'POST /api/console/topics/:id/state': 'content',
  'GET /api/console/topics/:id/timeline': 'content',
};

let app: App;
let w: World;
let calls = 0;
/** The owner's values seen in the answers of the owner's and the 管理员's reads: proof the marks are what answers hold. */
const seen = new Set<string>();
/** What another enterprise got, by status. */
const intruderGot = new Map<number, number>();
beforeAll(async () => {
  app = await createTestApp({ ENTCODE_RATE_LIMIT: '10000' });
  w = await buildWorld(app);
}, 180_000);
afterAll(() => app.close());

const isConsole = (key: string) => key.split(' ')[1]!.startsWith(`${CONSOLE_PREFIX}/`);
const accessOf = (key: string) => app.routeAccess.find((r) => `${r.method} ${r.url}` === key)!.access;

/** Makes one call of the table as `who` (undefined: anonymous). */
async function make(key: string, call: Call, who?: Caller): Promise<Response> {
  calls++;
  const [method, pattern] = key.split(' ') as [string, string];
  const url = pattern.replace(/:(\w+)/g, (_, name: string) => {
    if (call.params?.[name] === undefined) throw new Error(`${key}: the table gives no ${name}`);
    return encodeURIComponent(String(call.params[name]));
  });
  const query = call.query ? `?${new URLSearchParams(Object.entries(call.query).map(([k, v]): [string, string] => [k, String(v)])).toString()}` : '';
  const headers = { ...(who?.headers ?? {}) };
  if (call.upload) {
    const m = multipart('intruder.pdf', pdf('MATRIX-UPLOAD'));
    return app.inject({ method: method as 'POST', url: url + query, headers: { ...headers, ...m.headers }, payload: m.payload });
  }
  return app.inject({ method: method as 'GET', url: url + query, headers, ...(call.body ? { payload: call.body } : {}) });
}

/** The owner's values an answer shows, in its body or its headers (a file's name). */
const leaked = (res: Response) => {
  const headers = JSON.stringify(res.headers);
  let decoded = headers;
  try {
    decoded = decodeURIComponent(headers); // filename*=UTF-8''…
  } catch {
    // not percent-encoded: searched as it is
  }
  const shown = `${decoded}\n${res.body}`;
  return w.marks.filter((mark) => shown.includes(mark));
};
const refusal = (code: number, msg: string) => ({ code, msg, data: null });

describe('the route table', () => {
  it('every route of the app is declared: it holds something an enterprise owns, or it says why not', ({ annotate }) => {
    const routes = app.routeAccess.map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => !(r in OWNED) && !(r in UNOWNED)), 'routes in neither table: declare them above').toEqual([]);
    expect(Object.keys(OWNED).filter((r) => r in UNOWNED), 'in both tables').toEqual([]);
    expect([...Object.keys(OWNED), ...Object.keys(UNOWNED)].filter((r) => !routes.includes(r)), 'declared but not registered').toEqual([]);
    expect(Object.entries(UNOWNED).filter(([, why]) => !/^[a-z]+$/.test(why))).toEqual([]);
    const owned = Object.keys(OWNED);
    void annotate(`${routes.length} routes: ${owned.length} owned (${owned.filter(isConsole).length} console), ${Object.keys(UNOWNED).length} owning nothing`);
  });

  it('every owned resource is reached by at least one portal call in the table', () => {
    const all: Resource[] = ['profile', 'evaluation', 'subscription', 'message', 'appeal', 'attachment', 'timeline', 'code', 'visit', 'summary', 'file', 'account', 'application', 'material', 'payment', 'offer'];
    const portal = new Set(Object.entries(OWNED).filter(([k]) => !isConsole(k)).flatMap(([, o]) => o.touches));
    expect(all.filter((r) => !portal.has(r))).toEqual([]);
  });
});

describe('every owned call', () => {
  for (const [key, spec] of Object.entries(OWNED)) {
    it(key, async () => {
      const before = await ownerRows(app, w);
      for (const call of spec.calls(w)) {
        const what = `${key} ${JSON.stringify({ ...call.params, ...call.query, ...call.body })}`;
        /** What each caller but the owner got: the owner's rows are compared once they all called. */
        const answers: string[] = [];
        const made = async (who: string, caller?: Caller) => {
          const res = await make(key, call, caller);
          answers.push(`${who} → ${res.statusCode} ${res.body.slice(0, 300)}`);
          return res;
        };
        if (isConsole(key)) {
          for (const [who, caller] of [['the owner', w.owner], ['another enterprise', w.intruder]] as const) {
            expect((await made(who, caller)).json(), `${who}: ${what}`).toEqual(refusal(403, MSG.forbidden));
          }
          expect((await made('anonymous')).json(), `anonymous: ${what}`).toEqual(refusal(401, OWN_MSG.notLoggedIn));
          expect(await ownerRows(app, w), `the owner's rows changed: ${what}\n${answers.join('\n')}`).toEqual(before);
          if (call.read) {
            const res = await make(key, call, w.admin);
            expect(res.statusCode, `the 管理员 reads it: ${what} ${res.body}`).toBe(200);
            for (const mark of leaked(res)) seen.add(mark);
          }
          continue;
        }

        // Another enterprise: nothing of the owner's in the answer.
        const intruder = await made('another enterprise', w.intruder);
        intruderGot.set(intruder.statusCode, (intruderGot.get(intruder.statusCode) ?? 0) + 1);
        const anonymous = await made('anonymous');
        if (spec.publicCard) {
          // Anyone gets the public card (its whitelisted fields); another enterprise gets no more than anyone.
          expect(anonymous.statusCode, anonymous.body).toBe(200);
          expect(intruder.json(), 'another enterprise sees what a visitor sees').toEqual(anonymous.json());
          expect(intruder.json().data.viewer).toBe('visitor');
        } else {
          expect(leaked(intruder), `another enterprise: ${what} → ${intruder.statusCode} ${intruder.body}`).toEqual([]);
          expect(anonymous.json(), `anonymous: ${what}`).toEqual(refusal(401, OWN_MSG.notLoggedIn));
        }

        // Staff on a portal call: refused on the enterprise's calls; on the calls of any account, none
        // of the owner's data unless this table says why they reach it.
        for (const [who, caller] of [['the 工作人员', w.staff], ['the 管理员', w.admin]] as const) {
          const res = await made(who, caller);
          if (accessOf(key) === 'enterprise') expect(res.json(), `${who}: ${what}`).toEqual(refusal(403, MSG.forbidden));
          else if (call.staffReach) expect(res.statusCode, `${who} reaches it (${call.staffReach}): ${what} ${res.body}`).toBe(200);
          else expect(leaked(res), `${who}: ${what} → ${res.statusCode} ${res.body}`).toEqual([]);
        }

        // None of them changed anything of the owner's.
        expect(await ownerRows(app, w), `the owner's rows changed: ${what}\n${answers.join('\n')}`).toEqual(before);

        if (call.read) {
          const own = await make(key, call, w.owner);
          expect(own.statusCode, `the owner's own read works: ${what} ${own.body}`).toBe(200);
          for (const mark of leaked(own)) seen.add(mark);
        }
      }
    });
  }

  it('every console call refuses enterprise tokens (403) and anonymous (401), also those holding nothing owned', async () => {
    const consoleRoutes = app.routeAccess.filter((r) => isConsole(`${r.method} ${r.url}`) && !(`${r.method} ${r.url}` in OWNED));
    expect(consoleRoutes.length).toBeGreaterThan(20);
    for (const r of consoleRoutes) {
      const key = `${r.method} ${r.url}`;
      const params = Object.fromEntries([...r.url.matchAll(/:(\w+)/g)].map((m) => [m[1]!, '1']));
      for (const who of [w.owner, w.intruder]) expect((await make(key, { params }, who)).json(), key).toEqual(refusal(403, MSG.forbidden));
      expect((await make(key, { params })).json(), key).toEqual(refusal(401, OWN_MSG.notLoggedIn));
    }
  });

  it('the owner\'s values are what answers hold: each is seen in the owner\'s or the 管理员\'s reads', ({ annotate }) => {
    expect(w.marks.filter((mark) => !seen.has(mark))).toEqual([]);
    expect(calls).toBeGreaterThan(200);
    const got = [...intruderGot].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
    void annotate(`${Object.keys(OWNED).length} owned routes, ${calls} calls as owner, another enterprise, 工作人员, 管理员 and anonymous; another enterprise got ${got}`);
  });
});
