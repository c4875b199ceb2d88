// 政策超市's 政策文件 (docs/policy-docs.md): the published policy documents, browsed and searched
// by 文号, 发文单位, 层级 and 发布日期, each with its full text, 解读, attachments and the published
// guides that cite it. Public calls, published content only.
import Type from 'typebox';
import { PageQuery } from './envelope';
import { GuideSummary } from './policy';

export const POLICY_DOC_PATHS = {
  docPage: '/api/v1/govbecalculator/getpolicydocpage',
  docInfo: '/api/v1/govbecalculator/getpolicydocinfo/:id',
} as const;

export const policyDocInfoPath = (id: number) => POLICY_DOC_PATHS.docInfo.replace(':id', String(id));

/** A calendar day as the address and the date pickers write it; the server also refuses a day no calendar has (2026-02-30). */
export const DOC_DAY_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';

export const DOC_FILTER_TITLES = {
  keyword: '关键词',
  issuer: '发文单位',
  level: '政策层级',
  from: '发布日期起',
  to: '发布日期止',
} as const;

const Day = (title: string) => Type.Optional(Type.String({ title, pattern: DOC_DAY_PATTERN, errorMessage: `${title}格式应为 YYYY-MM-DD` }));

export const PolicyDocPageQuery = Type.Object({
  ...PageQuery.properties,
  /** Over the title, the 文号 and the full text. */
  keyword: Type.Optional(Type.String({ title: DOC_FILTER_TITLES.keyword, maxLength: 50 })),
  /** A code of the dictionary `department` (发文部门). */
  issuer: Type.Optional(Type.String({ title: DOC_FILTER_TITLES.issuer, maxLength: 40 })),
  /** A code of the dictionary `policyLevel`. */
  level: Type.Optional(Type.String({ title: DOC_FILTER_TITLES.level, maxLength: 40 })),
  /** Published on or after this day, on or before `to` (both inclusive). */
  from: Day(DOC_FILTER_TITLES.from),
  to: Day(DOC_FILTER_TITLES.to),
});
export type PolicyDocPageQuery = Type.Static<typeof PolicyDocPageQuery>;

export const PolicyDocSummary = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  docNo: Type.String(),
  department: Type.String(),
  departmentLabel: Type.String(),
  level: Type.String(),
  levelLabel: Type.String(),
  publishDate: Type.String(),
  expiryDate: Type.Union([Type.String(), Type.Null()]),
  /** The published guides that cite it. */
  guideCount: Type.Integer(),
});
export type PolicyDocSummary = Type.Static<typeof PolicyDocSummary>;

export const PolicyDocDetail = Type.Object({
  ...PolicyDocSummary.properties,
  /** Sanitised HTML, read-only. */
  contentHtml: Type.String(),
  interpretationHtml: Type.String(),
  attachments: Type.Array(Type.Object({ name: Type.String(), url: Type.String() })),
  /** The published guides that cite it, newest first. */
  guides: Type.Array(GuideSummary),
});
export type PolicyDocDetail = Type.Static<typeof PolicyDocDetail>;

/** The refusals the schema cannot make. */
export const POLICY_DOC_MSG = {
  notFound: '政策文件不存在或已下线',
  badDay: (title: string) => `${title}不是有效的日期`,
  range: `${DOC_FILTER_TITLES.from}不能晚于${DOC_FILTER_TITLES.to}`,
} as const;
