// 企业赋码 (issue 22, PRODUCT.md service 6): one lifelong code per enterprise, tied to its
// 统一社会信用代码; its QR opens the public page /enterCode/enterCode?code=…, which serves a visitor
// (the public card), the owning account (its results, 提交诉求) and staff (the record) (docs/entcode.md).
import Type from 'typebox';
import { MAX_INT } from './constants';
import { defineService } from './service';
import { defineFlow, laterSteps } from './workflow';

export const ENTCODE_PATHS = {
  /** Public (a login, when sent, widens the answer): the card a scanned code opens. */
  card: '/api/v1/entcode/card',
  /** The account's enterprises with their codes and QR addresses. */
  mine: '/api/v1/entcode/mine',
} as const;

/** The portal page the QR opens (spec §2: public, and in the menu after login). */
export const ENTCODE_PAGE = '/enterCode/enterCode';
/** The QR's address: the site's public address (PUBLIC_URL) and the page, with the code. */
export const entcodeUrl = (publicUrl: string, code: string) => `${publicUrl}${ENTCODE_PAGE}?code=${code}`;

/** What the timeline, the audit and the messages call a code. */
export const ENTCODE_KIND = 'entcode';

// ---- the code ------------------------------------------------------------------------------------

/**
 * 31 symbols, none of 0/O/1/I/Z (read over the phone without confusion). 31 is prime: with the
 * weights below every single wrong character and every swap of two neighbours changes the sum.
 */
export const ENTCODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXY';
const BASE = ENTCODE_ALPHABET.length;
/** 9 random characters and 1 check character. */
export const ENTCODE_LENGTH = 10;
const PAYLOAD = ENTCODE_LENGTH - 1;

const valueOf = (ch: string) => ENTCODE_ALPHABET.indexOf(ch);

/**
 * The check character of 9 symbols: weights 10..2 for positions 1..9 and 1 for the check itself,
 * the character c with (Σ wᵢ·vᵢ + c) ≡ 0 (mod 31). Throws on a symbol outside the alphabet.
 */
export function checkChar(payload: string): string {
  if (payload.length !== PAYLOAD) throw new Error(`entcode payload must be ${PAYLOAD} characters`);
  let sum = 0;
  for (let i = 0; i < PAYLOAD; i++) {
    const v = valueOf(payload[i]!);
    if (v < 0) throw new Error(`not an entcode symbol: ${payload[i]}`);
    sum += (PAYLOAD + 1 - i) * v;
  }
  return ENTCODE_ALPHABET[(BASE - (sum % BASE)) % BASE]!;
}

/** What a person typed, as the code it names: upper case, spaces and dashes dropped. */
export const normalizeCode = (input: string) => input.toUpperCase().replace(/[\s\-－—]/g, '');

/** Whether `input` (in any case, with spaces or dashes) is a well-formed code whose check character holds. */
export function isValidCode(input: string): boolean {
  const code = normalizeCode(input);
  if (code.length !== ENTCODE_LENGTH || [...code].some((ch) => valueOf(ch) < 0)) return false;
  return checkChar(code.slice(0, PAYLOAD)) === code[PAYLOAD];
}

/** A new random code (crypto): nothing of it follows from the credit code or from another code. */
export function newCode(): string {
  // Rejection sampling: bytes ≥ 248 (8 × 31) would favour the first symbols.
  const out: string[] = [];
  while (out.length < PAYLOAD) {
    for (const b of globalThis.crypto.getRandomValues(new Uint8Array(16))) {
      if (b < 8 * BASE && out.length < PAYLOAD) out.push(ENTCODE_ALPHABET[b % BASE]!);
    }
  }
  const payload = out.join('');
  return payload + checkChar(payload);
}

/** As shown and printed: ABCDE-FGHJK. */
export const formatCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

// ---- its life ------------------------------------------------------------------------------------

export const ENTCODE_FLOW = defineFlow({
  states: {
    active: '正常',
    frozen: '已冻结',
    revoked: '已注销',
    replaced: '已换发',
  },
  steps: {
    /** Given when the enterprise is created (the system), or by a 换发 (staff). */
    issue: { label: '赋码', from: [], to: 'active', roles: ['system', 'staff', 'admin'] },
    freeze: {
      label: '冻结',
      from: ['active'],
      to: 'frozen',
      roles: ['staff', 'admin'],
      noteRequired: true,
      notify: [{ to: 'owner', kind: 'entcode.frozen' }],
      tone: 'danger',
      confirm: '冻结后扫码将提示该码已冻结，企业和访客都不能使用，可随时解冻。企业将收到通知。',
      noteLabel: '冻结原因（企业可见）',
      notePlaceholder: '请写明冻结的原因，企业将在消息中心看到',
    },
    unfreeze: {
      label: '解冻',
      from: ['frozen'],
      to: 'active',
      roles: ['staff', 'admin'],
      noteRequired: true,
      notify: [{ to: 'owner', kind: 'entcode.unfrozen' }],
      confirm: '解冻后企业码恢复正常使用。企业将收到通知。',
      noteLabel: '解冻原因（企业可见）',
      notePlaceholder: '请写明解冻的原因，企业将在消息中心看到',
    },
    revoke: {
      label: '注销',
      from: ['active', 'frozen'],
      to: 'revoked',
      roles: ['staff', 'admin'],
      noteRequired: true,
      notify: [{ to: 'owner', kind: 'entcode.revoked' }],
      tone: 'danger',
      confirm: '注销后该码永久停用，扫码将提示已注销；如需继续赋码，可再换发新码。企业将收到通知。',
      noteLabel: '注销原因（企业可见）',
      notePlaceholder: '请写明注销的原因，企业将在消息中心看到',
      acknowledge: '我已知晓：注销后该企业码不能恢复',
    },
    /** The code is replaced by a new active one for the same enterprise; the old one then says so. */
    reissue: {
      label: '换发',
      from: ['active', 'frozen', 'revoked'],
      to: 'replaced',
      roles: ['staff', 'admin'],
      noteRequired: true,
      notify: [{ to: 'owner', kind: 'entcode.reissued' }],
      tone: 'primary',
      confirm: '换发将生成新的企业码，旧码随即停用，扫码将提示已换发新码；企业需重新张贴新码。企业将收到通知。',
      noteLabel: '换发原因（企业可见）',
      notePlaceholder: '请写明换发的原因，企业将在消息中心看到',
      acknowledge: '我已知晓：换发后旧企业码即停止使用',
    },
  },
  initial: ['issue'],
});
export type EntcodeStatus = keyof typeof ENTCODE_FLOW.states;
/** A step that may be asked for on a code (issuing one is the system's, or a 换发's). */
export type EntcodeStep = Exclude<keyof typeof ENTCODE_FLOW.steps, 'issue'>;
export const ENTCODE_STATUS_LIST = Object.keys(ENTCODE_FLOW.states) as EntcodeStatus[];
export const ENTCODE_STEP_LIST = laterSteps(ENTCODE_FLOW);
/** The states an enterprise holds its code in: at most one code per credit code is in one of them. */
export const ENTCODE_LIVE_STATES: readonly EntcodeStatus[] = ['active', 'frozen'];

/** Its messages in the message centre (contract/inbox.ts): source 系统. */
export const ENTCODE_MESSAGE_KINDS = {
  'entcode.frozen': '企业码已冻结',
  'entcode.unfrozen': '企业码已解冻',
  'entcode.revoked': '企业码已注销',
  'entcode.reissued': '企业码已换发',
} as const;
export type EntcodeMessageKind = keyof typeof ENTCODE_MESSAGE_KINDS;
/** Who looked a code up: counted per scan, nothing else kept of them. */
export const ENTCODE_VIEWERS = { visitor: '访客', owner: '企业本身', staff: '工作人员' } as const;
export type EntcodeViewer = keyof typeof ENTCODE_VIEWERS;
export const ENTCODE_VIEWER_LIST = Object.keys(ENTCODE_VIEWERS) as EntcodeViewer[];

export const ENTCODE_MSG = {
  invalid: '企业码有误，请核对',
  notFound: '企业码不存在',
  frozen: (phone: string) => `该企业码已冻结，暂不能使用。如有疑问请致电 ${phone}`,
  revoked: (phone: string) => `该企业码已注销。如有疑问请致电 ${phone}`,
  replaced: (phone: string) => `该企业码已换发新码，旧码不再使用。如有疑问请致电 ${phone}`,
  /** A code whose enterprise is no longer on the platform (deleted, not added again). */
  enterpriseGone: (phone: string) => `该企业码对应的企业已不在平台登记。如有疑问请致电 ${phone}`,
  stepDone: (label: string) => `企业码已${label}`,
  liveExists: '该企业已有正在使用的企业码',
} as const;

// ---- calls ---------------------------------------------------------------------------------------

export const CodeQuery = Type.Object({
  /** As typed: case, spaces and dashes do not matter; the check character is verified. */
  code: Type.String({ title: '企业码', minLength: 1, maxLength: 30, errorMessage: ENTCODE_MSG.invalid }),
});
export type CodeQuery = Type.Static<typeof CodeQuery>;

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

/** A qualification as the public card shows it. */
/** `expired`: its valid-until day has passed (China time): the card marks it 已过期, never as valid. */
export const CardQualification = Type.Object({ code: Type.String(), label: Type.String(), validUntil: Nullable(Type.String()), expired: Type.Boolean() });

/** A guide open to the enterprise's industry, on the card. */
export const CardGuide = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  supportTypeLabel: Type.String(),
  windowEnd: Type.String({ format: 'date-time' }),
  amountText: Type.String(),
});

/**
 * The public card: exactly these fields for a visitor (a whitelist, tested key by key) — never the
 * enterprise's figures, contacts or appeals.
 */
export const VisitorCard = Type.Object({
  viewer: Type.Literal('visitor'),
  code: Type.String(),
  status: Type.String(),
  statusLabel: Type.String(),
  name: Type.String(),
  creditCode: Type.String(),
  industry: Nullable(Type.String()),
  industryLabel: Nullable(Type.String()),
  regionLabel: Nullable(Type.String()),
  qualifications: Type.Array(CardQualification),
  guides: Type.Array(CardGuide),
});
export type VisitorCard = Type.Static<typeof VisitorCard>;

/** The owning account's answer: the card, and the enterprise's id (its results, 提交诉求 prefilled). */
export const OwnerCard = Type.Object({
  ...VisitorCard.properties,
  viewer: Type.Literal('owner'),
  enterpriseId: Type.Integer(),
});
export type OwnerCard = Type.Static<typeof OwnerCard>;

export const CardAppeal = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  title: Type.String(),
  status: Type.String(),
  statusLabel: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  dueAt: Nullable(Type.String({ format: 'date-time' })),
});

/** A visit of the enterprise on staff's record (企业走访), newest first. */
export const CardVisit = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  subject: Type.String(),
  status: Type.String(),
  statusLabel: Type.String(),
  startsAt: Nullable(Type.String({ format: 'date-time' })),
});

/** Staff's answer: the record an official opens on a visit (any state of the code). */
export const StaffCard = Type.Object({
  ...VisitorCard.properties,
  viewer: Type.Literal('staff'),
  codeId: Type.Integer(),
  enterpriseId: Type.Integer(),
  legalPerson: Nullable(Type.String()),
  contactPhone: Nullable(Type.String()),
  openAppealCount: Type.Integer(),
  openAppeals: Type.Array(CardAppeal),
  /** Its latest visits (at most 10), and how many it has had. */
  visitCount: Type.Integer(),
  visits: Type.Array(CardVisit),
  /** The enterprise's latest saved 测算 (not a what-if): when, how many guides 符合 and which (at most 10), the estimate in 万元. */
  lastEvaluation: Type.Union([
    Type.Object({
      id: Type.Integer(),
      evaluatedAt: Type.String({ format: 'date-time' }),
      eligible: Type.Integer(),
      amount: Type.Number(),
      guides: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), amount: Type.Union([Type.Number(), Type.Null()]) })),
    }),
    Type.Null(),
  ]),
});
export type StaffCard = Type.Static<typeof StaffCard>;

export const EntcodeCard = Type.Union([VisitorCard, OwnerCard, StaffCard]);
export type EntcodeCard = Type.Static<typeof EntcodeCard>;

/** One of the account's enterprises with its code. */
export const MyEntcode = Type.Object({
  enterpriseId: Type.Integer(),
  enterpriseName: Type.String(),
  creditCode: Type.String(),
  codeId: Type.Integer(),
  code: Type.String(),
  /** ABCDE-FGHJK */
  display: Type.String(),
  status: Type.String(),
  statusLabel: Type.String(),
  /** What the QR encodes. */
  url: Type.String(),
});
export type MyEntcode = Type.Static<typeof MyEntcode>;
export const MyEntcodes = Type.Array(MyEntcode);

export const CodeIdParams = Type.Object({ id: Type.Integer({ title: '企业码编号', minimum: 1, maximum: MAX_INT }) });

// ---- what the house collects of it (service.ts) --------------------------------------------------

export const ENTCODE_SERVICE = defineService({
  key: 'entcode',
  name: '企业赋码',
  messageSources: {},
  messages: { source: 'system', kinds: ENTCODE_MESSAGE_KINDS },
  audit: { actions: { 'entcode.step': '办理企业码', 'entcode.issue': '换发企业码' }, details: { replaces: '被换发的企业码' } },
  dictionaries: {},
  numberPrefixes: [],
  flows: [ENTCODE_FLOW],
});
