// The policy service's console calls, typed by the contract: its three kinds of content (政策文件,
// 申报指南, 政策专题), the 工作台's figures and queues, and 政策推送's results for one guide.
import type { Workbench } from '@hqt/contract/console';
import { type ConsoleGuide, type ConsoleGuidePageQuery, type ConsoleGuideRow, type ConsolePolicy, type ConsolePolicyRow, type ConsoleTopic, type ConsoleTopicRow, type ContentPageQuery, type GuideInput, POLICY_CONSOLE_PATHS, type PolicyInput, type StateBody, type TopicInput } from '@hqt/contract/policy-console';
import { type GuidePush, PUSH_CONSOLE_PATHS, type PushRecipientPageQuery, type PushRecipientRow } from '@hqt/contract/push-console';
import { CONSOLE_PATHS, consolePath } from '@hqt/contract/console';
import type { PageOf } from '@hqt/contract/envelope';
import type { TimelineEntry } from '@hqt/contract/workflow';
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

/**
 * The six calls every kind of content has: page, read, create, update, publish/withdraw, timeline,
 * and the query key its lists and forms live under (`['console', kind]`, as consoleKeys.area of
 * shared/console/console-api.ts: written out, since api/ is shared with the portal part, which never
 * imports shared/console). It is also what the
 * console kit's editor frame and step buttons take (shared/console/content-state.tsx, ContentSteps).
 */
export const content = <K extends ContentKind>(kind: K) => ({
  key: ['console', kind] as const,
  page: (query: ContentTypes[K]['query']) => http.post<PageOf<ContentTypes[K]['row']>>(CONTENT[kind].page, query),
  read: (id: number) => http.get<ContentTypes[K]['item']>(consolePath(CONTENT[kind].item, { id })),
  save: (id: number | null, input: ContentTypes[K]['input']) =>
    id === null ? http.post<Saved>(CONTENT[kind].create, input) : http.put<Saved>(consolePath(CONTENT[kind].item, { id }), input),
  /** Answers the server's message (已发布 / 已撤回) to show. */
  changeState: async (id: number, body: StateBody) => (await request<null>({ method: 'POST', url: consolePath(CONTENT[kind].state, { id }), data: body })).msg,
  /** The item's publishes and withdrawals, oldest first. */
  timeline: (id: number) => http.get<TimelineEntry[]>(consolePath(CONTENT[kind].timeline, { id })),
});

export const policyConsoleApi = {
  workbench: () => http.get<Workbench>(CONSOLE_PATHS.workbench),
  /** 政策推送's results for one guide: each event, and the accounts it reached (answered by the push service). */
  guidePush: (id: number) => http.get<GuidePush>(consolePath(PUSH_CONSOLE_PATHS.guidePush, { id })),
  guidePushRecipients: (id: number, query: PushRecipientPageQuery) => http.post<PageOf<PushRecipientRow>>(consolePath(PUSH_CONSOLE_PATHS.guidePushRecipients, { id }), query),
};
