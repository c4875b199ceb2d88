// The console's calls, typed by the contract, and the query keys its lists and forms share: a
// save invalidates `['console', area]`, so every list and form of that area refreshes.
import { ACCOUNT_CONSOLE_PATHS, type AccountAction, type AccountActionBody, type AccountPageQuery, type ConsoleAccountRow, type ConsoleEnterprise, type ConsoleEnterpriseRow, type EnterprisePageQuery } from '@hqt/contract/account-console';
import { AUDIT_CONSOLE_PATHS, type AuditPageQuery, type AuditRow } from '@hqt/contract/audit';
import { CALCULATOR_CONSOLE_PATHS, type QualifiedEnterprise } from '@hqt/contract/calculator-console';
import { CONSOLE_PATHS, consolePath, type Workbench } from '@hqt/contract/console';
import { type ConsoleDictItem, type ConsoleDictType, DICT_CONSOLE_PATHS, type DictItemInput } from '@hqt/contract/dict-console';
import { type ConsoleGuide, type ConsoleGuidePageQuery, type ConsoleGuideRow, type ConsolePolicy, type ConsolePolicyRow, type ConsoleTopic, type ConsoleTopicRow, type ContentPageQuery, type GuideInput, POLICY_CONSOLE_PATHS, type PolicyInput, type StateBody, type TopicInput } from '@hqt/contract/policy-console';
import { type GuidePush, PUSH_CONSOLE_PATHS, type PushRecipientPageQuery, type PushRecipientRow } from '@hqt/contract/push-console';
import type { TimelineEntry } from '@hqt/contract/workflow';
import type { PageOf, PageQuery } from '@hqt/contract/envelope';
import type { CreateUserBody } from '@hqt/contract/auth';
import { AUTH_PATHS } from '@hqt/contract/auth';
import { http, request } from '@/shared/api/http';

export type ContentKind = 'policy' | 'guide' | 'topic';
type Saved = { id: number };

const CONTENT = {
  policy: { page: POLICY_CONSOLE_PATHS.policyPage, create: POLICY_CONSOLE_PATHS.policyCreate, item: POLICY_CONSOLE_PATHS.policy, state: POLICY_CONSOLE_PATHS.policyState, timeline: POLICY_CONSOLE_PATHS.policyTimeline },
  guide: { page: POLICY_CONSOLE_PATHS.guidePage, create: POLICY_CONSOLE_PATHS.guideCreate, item: POLICY_CONSOLE_PATHS.guide, state: POLICY_CONSOLE_PATHS.guideState, timeline: POLICY_CONSOLE_PATHS.guideTimeline },
  topic: { page: POLICY_CONSOLE_PATHS.topicPage, create: POLICY_CONSOLE_PATHS.topicCreate, item: POLICY_CONSOLE_PATHS.topic, state: POLICY_CONSOLE_PATHS.topicState, timeline: POLICY_CONSOLE_PATHS.topicTimeline },
} as const;

interface ContentTypes {
  policy: { query: ContentPageQuery; row: ConsolePolicyRow; item: ConsolePolicy; input: PolicyInput };
  guide: { query: ConsoleGuidePageQuery; row: ConsoleGuideRow; item: ConsoleGuide; input: GuideInput };
  topic: { query: ContentPageQuery; row: ConsoleTopicRow; item: ConsoleTopic; input: TopicInput };
}

/** The six calls every kind of content has: page, read, create, update, publish/withdraw, timeline. */
export const content = <K extends ContentKind>(kind: K) => ({
  page: (query: ContentTypes[K]['query']) => http.post<PageOf<ContentTypes[K]['row']>>(CONTENT[kind].page, query),
  read: (id: number) => http.get<ContentTypes[K]['item']>(consolePath(CONTENT[kind].item, { id })),
  save: (id: number | null, input: ContentTypes[K]['input']) =>
    id === null ? http.post<Saved>(CONTENT[kind].create, input) : http.put<Saved>(consolePath(CONTENT[kind].item, { id }), input),
  /** Answers the server's message (已发布 / 已撤回) to show. */
  changeState: async (id: number, body: StateBody) => (await request<null>({ method: 'POST', url: consolePath(CONTENT[kind].state, { id }), data: body })).msg,
  /** The item's publishes and withdrawals, oldest first. */
  timeline: (id: number) => http.get<TimelineEntry[]>(consolePath(CONTENT[kind].timeline, { id })),
});

export const consoleApi = {
  workbench: () => http.get<Workbench>(CONSOLE_PATHS.workbench),

  accountPage: (query: AccountPageQuery) => http.post<PageOf<ConsoleAccountRow>>(ACCOUNT_CONSOLE_PATHS.accountPage, query),
  accountAction: async (id: number, action: AccountAction, body: AccountActionBody = {}) =>
    (await request<null>({ method: 'POST', url: consolePath(ACCOUNT_CONSOLE_PATHS.accountAction, { id, action }), data: body })).msg,
  createAccount: async (body: CreateUserBody) => (await request<unknown>({ method: 'POST', url: AUTH_PATHS.createUser, data: body })).msg,

  dictTypes: () => http.get<ConsoleDictType[]>(DICT_CONSOLE_PATHS.dictTypes),
  dictItems: (type: string) => http.get<ConsoleDictItem[]>(consolePath(DICT_CONSOLE_PATHS.dictItems, { type })),
  createDictItem: (type: string, input: DictItemInput) => http.post<unknown>(consolePath(DICT_CONSOLE_PATHS.dictItems, { type }), input),
  updateDictItem: (id: number, input: DictItemInput) => http.put<unknown>(consolePath(DICT_CONSOLE_PATHS.dictItem, { id }), input),
  deleteDictItem: (id: number) => http.delete<unknown>(consolePath(DICT_CONSOLE_PATHS.dictItem, { id })),

  auditPage: (query: AuditPageQuery) => http.post<PageOf<AuditRow>>(AUDIT_CONSOLE_PATHS.auditPage, query),

  enterprisePage: (query: EnterprisePageQuery) => http.post<PageOf<ConsoleEnterpriseRow>>(ACCOUNT_CONSOLE_PATHS.enterprisePage, query),
  enterprise: (id: number) => http.get<ConsoleEnterprise>(consolePath(ACCOUNT_CONSOLE_PATHS.enterprise, { id })),
  /** The calculator's reverse list: the enterprises one guide admits. */
  guideQualified: (id: number, query: PageQuery & { keyword?: string }) => http.post<PageOf<QualifiedEnterprise>>(consolePath(CALCULATOR_CONSOLE_PATHS.guideQualified, { id }), query),
  /** 政策推送's results for one guide: each event, and the accounts it reached. */
  guidePush: (id: number) => http.get<GuidePush>(consolePath(PUSH_CONSOLE_PATHS.guidePush, { id })),
  guidePushRecipients: (id: number, query: PushRecipientPageQuery) => http.post<PageOf<PushRecipientRow>>(consolePath(PUSH_CONSOLE_PATHS.guidePushRecipients, { id }), query),
};

/** Query keys: a write to an area invalidates its prefix. */
export const consoleKeys = {
  area: (area: ContentKind | 'account' | 'dict' | 'audit' | 'enterprise' | 'workbench' | 'push') => ['console', area] as const,
};

/** What left the console through the export/print dialog goes into the audit log (等保). */
export const reportExport = (list: string, rows: number) => http.post<null>(AUDIT_CONSOLE_PATHS.exportReport, { list: list.slice(0, 60), rows }, { silent: true });
