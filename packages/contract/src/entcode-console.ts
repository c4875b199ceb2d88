// 企业赋码 in the staff console: the codes with their scans, one code with its timeline, its steps
// (ENTCODE_FLOW, one call) and the scans per day for the chart.
import Type from 'typebox';
import { CONSOLE_PREFIX, IdField, InstantField, KeywordField } from './console';
import { ENTCODE_FLOW, ENTCODE_STATUS_LIST, ENTCODE_STEP_LIST } from './entcode';
import { PageQuery } from './envelope';
import { TimelineEntry } from './workflow';

export const ENTCODE_CONSOLE_PATHS = {
  page: `${CONSOLE_PREFIX}/entcodes/page`,
  /** Scans per China day over the last `days` days. */
  scans: `${CONSOLE_PREFIX}/entcodes/scans`,
  /** The current code of an enterprise (企业详情 shows it and its card). */
  ofEnterprise: `${CONSOLE_PREFIX}/entcodes/enterprise/:id`,
  detail: `${CONSOLE_PREFIX}/entcodes/:id`,
  step: `${CONSOLE_PREFIX}/entcodes/:id/step`,
} as const;

export const EnterpriseIdParams = Type.Object({ id: IdField('企业编号') });

export const EntcodePageQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(Type.Enum(['', ...ENTCODE_STATUS_LIST], { title: '状态', errorMessage: '状态不正确' })),
  /** Over the code, the enterprise's name and credit code. */
  keyword: KeywordField,
});
export type EntcodePageQuery = Type.Static<typeof EntcodePageQuery>;

export const EntcodeRow = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  display: Type.String(),
  creditCode: Type.String(),
  enterpriseId: Type.Integer(),
  enterpriseName: Type.String(),
  /** The enterprise was deleted (the code outlives it). */
  enterpriseDeleted: Type.Boolean(),
  status: Type.String(),
  statusLabel: Type.String(),
  scans7: Type.Integer(),
  scans30: Type.Integer(),
  lastScanAt: InstantField,
  createdAt: Type.String({ format: 'date-time' }),
});
export type EntcodeRow = Type.Static<typeof EntcodeRow>;

export const EntcodeDetail = Type.Object({
  ...EntcodeRow.properties,
  reason: Type.Union([Type.String(), Type.Null()]),
  /** The code that replaced this one (reissued), if any. */
  replacedBy: Type.Union([Type.Object({ id: Type.Integer(), code: Type.String() }), Type.Null()]),
  /** The code this one replaced, if any. */
  replaces: Type.Union([Type.Object({ id: Type.Integer(), code: Type.String() }), Type.Null()]),
  url: Type.String(),
  scansByViewer: Type.Object({ visitor: Type.Integer(), owner: Type.Integer(), staff: Type.Integer() }),
  timeline: Type.Array(TimelineEntry),
  /** The steps the caller may take now. */
  steps: Type.Array(Type.String()),
});
export type EntcodeDetail = Type.Static<typeof EntcodeDetail>;

export const EntcodeStepBody = Type.Object({
  step: Type.Enum(ENTCODE_STEP_LIST, { title: '操作', errorMessage: '操作不正确' }),
  note: Type.String({ title: '原因', maxLength: 500 }),
});
export type EntcodeStepBody = Type.Static<typeof EntcodeStepBody>;

/** The step's answer: the code it acted on, and the new code a reissue made. */
export const EntcodeStepResult = Type.Object({ detail: EntcodeDetail, newCodeId: Type.Union([Type.Integer(), Type.Null()]) });
export type EntcodeStepResult = Type.Static<typeof EntcodeStepResult>;

export const EntcodeScansQuery = Type.Object({
  /** 30 unless asked; the chart offers 30 and 90. */
  days: Type.Optional(Type.Integer({ title: '天数', minimum: 1, maximum: 90, errorMessage: '天数应为1到90' })),
});
export type EntcodeScansQuery = Type.Static<typeof EntcodeScansQuery>;

/** One China day (YYYY-MM-DD), oldest first, every day present (0 when none). */
export const EntcodeScanDay = Type.Object({ day: Type.String(), visitor: Type.Integer(), owner: Type.Integer(), staff: Type.Integer(), total: Type.Integer() });
export const EntcodeScans = Type.Array(EntcodeScanDay);
export type EntcodeScans = Type.Static<typeof EntcodeScans>;

export const entcodeStatusLabel = (status: string) => ENTCODE_FLOW.states[status as keyof typeof ENTCODE_FLOW.states] ?? status;
