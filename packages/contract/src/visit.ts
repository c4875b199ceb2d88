// 企业走访/预约 (spec §7 entervisiting, PRODUCT.md service 7): staff plan a visit to an enterprise
// (or an enterprise asks for one), the enterprise approves, declines or proposes another time, the
// visit is held, its lead writes the summary — each problem raised becomes an appeal in 企业诉求 —
// and the enterprise appraises it once on the 好差评 scale (docs/visit.md).
import Type, { type TSchema } from 'typebox';
import { APPEAL_LENGTH, APPEAL_RATING_LIST } from './appeal';
import { PageQuery, Id } from './envelope';
import { AttachedFile } from './files';
import { defineService } from './service';
import { defineFlow, TimelineEntry } from './workflow';

export const VISIT_PATHS = {
  /** The enterprise's visits (spec): `filter` upcoming / toConfirm / history / toAppraise. */
  appointmentPage: '/api/v1/entervisiting/queryappointmentpage',
  /** The enterprise's answer to a proposed visit (spec): approve, decline (a note), propose (another time). */
  approval: '/api/v1/entervisiting/saveappointmentapproval',
  /** The enterprise's visits with a summary written (spec). */
  summaryPage: '/api/v1/entervisiting/querysummarypage',
  /** The enterprise appraises a summary once (spec). */
  appraisal: '/api/v1/entervisiting/savesummaryappraisal',
  /** Ours: the enterprise asks for a visit. */
  request: '/api/v1/entervisiting/saveappointmentrequest',
  /** Ours: one visit as the enterprise sees it. */
  detail: '/api/v1/entervisiting/getappointment/:id',
  /** Ours: a confirmed visit as an .ics calendar file (the owner and staff). */
  ics: '/api/v1/entervisiting/ics/:id',
} as const;

/** The number's series: ZF20261125-0003 (docs/numbering.md). */
export const VISIT_NUMBER_PREFIX = 'ZF';
/** What the timeline, the files and the messages call a visit. */
export const VISIT_KIND = 'visit';

export const VISIT_METHODS = { onsite: '实地走访', phone: '电话沟通', video: '视频连线' } as const;
export type VisitMethod = keyof typeof VISIT_METHODS;
export const VISIT_METHOD_LIST = Object.keys(VISIT_METHODS) as VisitMethod[];
export const VISIT_ORIGINS = { staff: '部门发起', enterprise: '企业申请' } as const;

export const VISIT_LENGTH = { subject: 50, place: 100, topics: 1000, note: 500, content: 5000, comment: 500, problemTitle: APPEAL_LENGTH.title, problemContent: APPEAL_LENGTH.content, problemKey: 40 } as const;
/** A visit lasts at most this long (a day's work), and is planned at most this far ahead. */
export const VISIT_MAX_HOURS = 12;
export const VISIT_MAX_STAFF = 10;
export const VISIT_MAX_PROBLEMS = 10;
export const VISIT_MAX_GUIDES = 10;

/**
 * The flow. `plan` (staff) and `request` (the enterprise) create a visit; they are never taken
 * from a state (`from: []`), and are the first row of its timeline. `summarize` may be taken
 * again while 已走访 (the summary edited; problems already filed are not filed again).
 */
export const VISIT_FLOW = defineFlow({
  states: {
    requested: '企业申请',
    pending: '待确认',
    confirmed: '已确认',
    declined: '已拒绝',
    rescheduling: '改期协商',
    visited: '已走访',
    appraised: '已评价',
    cancelled: '已取消',
  },
  steps: {
    plan: { label: '发起走访', from: [], to: 'pending', roles: ['staff', 'admin'], notify: [{ to: 'owner', kind: 'visit.invited' }] },
    request: { label: '申请走访', from: [], to: 'requested', roles: ['enterprise'], notify: [{ to: 'admins', kind: 'visit.requested' }] },
    schedule: { label: '安排走访', from: ['requested'], to: 'pending', roles: ['staff', 'admin'], notify: [{ to: 'owner', kind: 'visit.invited' }], tone: 'primary' },
    refuse: {
      label: '不予安排',
      from: ['requested'],
      to: 'declined',
      roles: ['staff', 'admin'],
      noteRequired: true,
      notify: [{ to: 'owner', kind: 'visit.declined' }],
      tone: 'danger',
      noteLabel: '不予安排的理由（企业可见）',
    },
    approve: { label: '确认走访', from: ['pending'], to: 'confirmed', roles: ['enterprise'], ownerOnly: true, notify: [{ to: 'participants', kind: 'visit.confirmed' }] },
    decline: { label: '拒绝走访', from: ['pending'], to: 'declined', roles: ['enterprise'], ownerOnly: true, noteRequired: true, notify: [{ to: 'participants', kind: 'visit.declined' }] },
    propose: { label: '提议改期', from: ['pending'], to: 'rescheduling', roles: ['enterprise'], ownerOnly: true, notify: [{ to: 'participants', kind: 'visit.proposed' }] },
    accept: { label: '同意改期', from: ['rescheduling'], to: 'confirmed', roles: ['staff', 'admin'], notify: [{ to: 'owner', kind: 'visit.confirmed' }], tone: 'primary' },
    repropose: { label: '重新提议时间', from: ['rescheduling'], to: 'pending', roles: ['staff', 'admin'], notify: [{ to: 'owner', kind: 'visit.invited' }] },
    cancel: {
      label: '取消走访',
      from: ['requested', 'pending', 'confirmed', 'rescheduling'],
      to: 'cancelled',
      roles: ['staff', 'admin'],
      noteRequired: true,
      notify: [
        { to: 'owner', kind: 'visit.cancelled' },
        { to: 'participants', kind: 'visit.cancelled' },
      ],
      tone: 'danger',
      noteLabel: '取消原因（企业可见）',
    },
    summarize: { label: '填写走访纪要', from: ['confirmed', 'visited'], to: 'visited', roles: ['staff', 'admin'], notify: [{ to: 'owner', kind: 'visit.summary' }] },
    appraise: {
      label: '评价',
      from: ['visited'],
      to: 'appraised',
      roles: ['enterprise'],
      ownerOnly: true,
      // The administrators hear of a 不满意 or worse only (the visit's words say so).
      notify: [
        { to: 'handler', kind: 'visit.appraised' },
        { to: 'admins', kind: 'visit.bad-appraisal' },
      ],
    },
  },
  initial: ['plan', 'request'],
});
export type VisitStatus = keyof typeof VISIT_FLOW.states;
export type VisitStep = keyof typeof VISIT_FLOW.steps;
export const VISIT_STATUS_LIST = Object.keys(VISIT_FLOW.states) as VisitStatus[];
/** The states whose time is held in the staff's calendars: a clash is checked against these. */
export const VISIT_HELD_STATES: readonly VisitStatus[] = ['pending', 'confirmed', 'rescheduling'];

/** Its messages in the message centre (contract/inbox.ts): source 走访. */
export const VISIT_MESSAGE_KINDS = {
  'visit.invited': '走访邀约',
  'visit.requested': '企业申请走访',
  'visit.confirmed': '走访已确认',
  'visit.declined': '走访未成行',
  'visit.proposed': '企业提议改期',
  'visit.cancelled': '走访已取消',
  'visit.summary': '走访纪要',
  'visit.appraised': '走访评价',
  'visit.bad-appraisal': '走访差评',
  'visit.reminder': '走访提醒',
} as const;
export type VisitMessageKind = keyof typeof VISIT_MESSAGE_KINDS;

/** Where a notice about a visit leads the enterprise, and staff (the web's ADMIN_BASE is /admin). */
export const visitPortalLink = (id: number) => `/enterpriseVisit/enterpriseVisit?id=${id}`;
export const visitConsoleLink = (id: number) => `/admin/visits?id=${id}`;

/** Under a confirmed visit's detail while no summary can be written yet. */
export const VISIT_SUMMARY_HINT = '走访开始后，带队人员可填写走访纪要';

export const VISIT_MSG = {
  planned: (number: string) => `走访已发起，编号 ${number}，等待企业确认`,
  requested: (number: string) => `走访申请已提交，编号 ${number}`,
  stepDone: (label: string) => `${label}成功`,
  typeNotFound: '走访类型不存在或已停用',
  timeOrder: '结束时间须晚于开始时间',
  tooLong: `一次走访不能超过 ${VISIT_MAX_HOURS} 小时`,
  inPast: '走访时间不能早于当前时间',
  staffRequired: '请选择走访人员，并指定一名带队人员',
  oneLead: '走访人员中须有且只有一名带队人员',
  staffNotFound: '走访人员不存在或不是工作人员',
  enterpriseNotFound: '企业不存在',
  timeRequired: '请填写走访时间',
  proposedRequired: '提议改期须填写新的走访时间',
  clash: (n: number) => `所选人员在该时段已有 ${n} 项走访安排；确需安排请确认后再次保存`,
  leadOnly: '只有本次走访的带队人员可以填写走访纪要',
  notHeldYet: (start: string | null) => (start ? `走访尚未开始（${start}），开始后才能填写走访纪要` : '走访时间未定，不能填写走访纪要'),
  notOnVisit: '您不是本次走访的人员',
  guideNotFound: '关联的申报指南不存在',
  appealCategoryNotFound: '问题的诉求类别不存在或已停用',
  commentRequired: '不满意或非常不满意须填写评价说明',
  problemKeys: '同一纪要中的问题不能重复',
  notConfirmed: '只有已确认的走访可以加入日历',
} as const;

// ---- inputs ----------------------------------------------------------------------------------------

const Text = (title: string, max: number, min = 1) =>
  Type.String({ title, minLength: min, maxLength: max, errorMessage: min > 0 ? `${title}不能为空，且不能超过 ${max} 个字` : `${title}不能超过 ${max} 个字` });
const Instant = (title: string) => Type.String({ title, format: 'date-time', errorMessage: `${title}不正确` });

export const VisitIdParams = Type.Object({ id: Id('走访编号') });
export type VisitIdParams = Type.Static<typeof VisitIdParams>;

/** A time span, [start, end): back-to-back visits do not clash. */
export const TimeSpan = Type.Object({ start: Instant('开始时间'), end: Instant('结束时间') });
export type TimeSpan = Type.Static<typeof TimeSpan>;

export const VisitRequestBody = Type.Object({
  enterpriseId: Id('企业'),
  subject: Text('走访主题', VISIT_LENGTH.subject),
  /** Two or three times that suit the enterprise. */
  preferredTimes: Type.Array(TimeSpan, { minItems: 2, maxItems: 3, title: '期望时间', errorMessage: '请填写 2–3 个期望的走访时间' }),
  topics: Text('希望沟通的内容', VISIT_LENGTH.topics),
});
export type VisitRequestBody = Type.Static<typeof VisitRequestBody>;

/** The enterprise's answer to a visit waiting for it (待确认). */
export const VisitApprovalBody = Type.Object({
  id: Id('走访编号'),
  action: Type.Enum(['approve', 'decline', 'propose'] as const, { title: '操作', errorMessage: '操作不正确' }),
  /** decline: why (required). */
  note: Type.Optional(Text('说明', VISIT_LENGTH.note, 0)),
  /** propose: the time that suits the enterprise. */
  proposed: Type.Optional(TimeSpan),
});
export type VisitApprovalBody = Type.Static<typeof VisitApprovalBody>;

export const VisitAppraisalBody = Type.Object({
  id: Id('走访编号'),
  rating: Type.Enum(APPEAL_RATING_LIST, { title: '评价', errorMessage: '评价等级不正确' }),
  comment: Type.Optional(Text('评价说明', VISIT_LENGTH.comment, 0)),
});
export type VisitAppraisalBody = Type.Static<typeof VisitAppraisalBody>;

/** The portal's lists: 即将走访 (confirmed, ahead), 待确认, 历史, 待评价. */
export const VISIT_PORTAL_FILTERS = { upcoming: '即将走访', toConfirm: '待确认', history: '历史走访', toAppraise: '待评价' } as const;
export const VisitPortalQuery = Type.Object({
  ...PageQuery.properties,
  enterpriseId: Type.Optional(Id('企业')),
  filter: Type.Optional(Type.Enum(['', ...(Object.keys(VISIT_PORTAL_FILTERS) as (keyof typeof VISIT_PORTAL_FILTERS)[])], { title: '筛选', errorMessage: '筛选条件不正确' })),
});
export type VisitPortalQuery = Type.Static<typeof VisitPortalQuery>;

// ---- answers ---------------------------------------------------------------------------------------

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const VisitStaffMember = Type.Object({ id: Type.Integer(), name: Type.String(), lead: Type.Boolean() });
export type VisitStaffMember = Type.Static<typeof VisitStaffMember>;

export const VisitItem = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  enterpriseId: Type.Integer(),
  enterpriseName: Type.String(),
  origin: Type.String(),
  subject: Type.String(),
  type: Nullable(Type.String()),
  typeName: Nullable(Type.String()),
  method: Nullable(Type.String()),
  methodName: Nullable(Type.String()),
  startsAt: Nullable(Type.String()),
  endsAt: Nullable(Type.String()),
  place: Nullable(Type.String()),
  status: Type.String(),
  statusLabel: Type.String(),
  /** The lead's name (staff's lists; the enterprise sees it too: it is who comes). */
  leadName: Nullable(Type.String()),
  rating: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type VisitItem = Type.Static<typeof VisitItem>;

/** A problem raised, with the appeal it became and that appeal's state now. */
export const VisitProblem = Type.Object({
  key: Type.String(),
  appealId: Type.Integer(),
  appealNumber: Type.String(),
  title: Type.String(),
  status: Type.String(),
  statusLabel: Type.String(),
});
export type VisitProblem = Type.Static<typeof VisitProblem>;

export const VisitDetail = Type.Object({
  ...VisitItem.properties,
  staff: Type.Array(VisitStaffMember),
  preferredTimes: Nullable(Type.Array(TimeSpan)),
  topics: Nullable(Type.String()),
  /** The time the enterprise proposed (改期协商). */
  proposed: Nullable(TimeSpan),
  note: Nullable(Type.String()),
  summary: Nullable(Type.String()),
  guides: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
  writtenAt: Nullable(Type.String()),
  problems: Type.Array(VisitProblem),
  ratingLabel: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  appraisedAt: Nullable(Type.String()),
  timeline: Type.Array(TimelineEntry),
  attachments: Type.Array(AttachedFile),
  /** The steps the caller may take now (the buttons to draw). */
  steps: Type.Array(Type.String()),
});
export type VisitDetail = Type.Static<typeof VisitDetail>;

/** A visit in a clash: the one already holding some of the chosen staff's time. */
export const VisitClash = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  enterpriseName: Type.String(),
  subject: Type.String(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  status: Type.String(),
  /** Which of the chosen staff it holds. */
  staff: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type VisitClash = Type.Static<typeof VisitClash>;

// ---- what the house collects of it (service.ts) --------------------------------------------------

export const VISIT_SERVICE = defineService({
  key: 'visit',
  name: '企业走访',
  messageSources: { visit: '走访' },
  messages: { source: 'visit', kinds: VISIT_MESSAGE_KINDS },
  audit: { actions: { 'visit.plan': '发起企业走访', 'visit.request': '申请企业走访', 'visit.step': '办理企业走访' }, details: { visitNumber: '走访编号' } },
  dictionaries: {
    visitType: { name: '走访类型', seed: [['policy', '政策宣讲'], ['problems', '问题收集'], ['project', '项目服务'], ['routine', '日常走访'], ['other', '其他']] },
  },
  numberPrefixes: [VISIT_NUMBER_PREFIX],
  flows: [VISIT_FLOW],
});
