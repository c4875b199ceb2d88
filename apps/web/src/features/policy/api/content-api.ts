// The policy service's console calls, typed by the contract: its three kinds of content (政策文件,
// 申报指南, 政策专题), the 工作台's figures and queues, and 政策推送's results for one guide.
import type { ConsoleGuide, ConsoleGuidePageQuery, ConsoleGuideRow, ConsolePolicy, ConsolePolicyRow, ConsoleTopic, ConsoleTopicRow, ContentPageQuery, GuideInput, GuidePush, PolicyInput, PushRecipientPageQuery, PushRecipientRow, StateBody, TopicInput, Workbench } from '@hqt/contract/console';
import { CONSOLE_PATHS, consolePath } from '@hqt/contract/console';
import type { PageOf } from '@hqt/contract/envelope';
import type { TimelineEntry } from '@hqt/contract/workflow';
import { http, request } from '@/shared/api/http';

export type ContentKind = 'policy' | 'guide' | 'topic';
type Saved = { id: number };

const CONTENT = {
  policy: { page: CONSOLE_PATHS.policyPage, create: CONSOLE_PATHS.policyCreate, item: CONSOLE_PATHS.policy, state: CONSOLE_PATHS.policyState, timeline: CONSOLE_PATHS.policyTimeline },
  guide: { page: CONSOLE_PATHS.guidePage, create: CONSOLE_PATHS.guideCreate, item: CONSOLE_PATHS.guide, state: CONSOLE_PATHS.guideState, timeline: CONSOLE_PATHS.guideTimeline },
  topic: { page: CONSOLE_PATHS.topicPage, create: CONSOLE_PATHS.topicCreate, item: CONSOLE_PATHS.topic, state: CONSOLE_PATHS.topicState, timeline: CONSOLE_PATHS.topicTimeline },
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
  guidePush: (id: number) => http.get<GuidePush>(consolePath(CONSOLE_PATHS.guidePush, { id })),
  guidePushRecipients: (id: number, query: PushRecipientPageQuery) => http.post<PageOf<PushRecipientRow>>(consolePath(CONSOLE_PATHS.guidePushRecipients, { id }), query),
};
