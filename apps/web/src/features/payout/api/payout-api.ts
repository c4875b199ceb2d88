// 公示 and 拨付's calls, typed by the contract: the public's and the objector's (PAYOUT_PATHS, under
// ['payout']) and the console's (PAYOUT_CONSOLE_PATHS, under ['console', 'payout']).
import { queryOptions } from '@tanstack/react-query';
import { withId } from '@hqt/contract/calculator';
import type { PageOf, PageQuery } from '@hqt/contract/envelope';
import {
  PAYOUT_CONSOLE_PATHS,
  PAYOUT_PATHS,
  type Batch,
  type Candidate,
  type ConsolePublicity,
  type DecideBody,
  type MyObjection,
  type ObjectionBody,
  type ObjectionItem,
  type ObjectionLookupBody,
  type VisitorObjectionBody,
  type ObjectionQuery,
  type Offer,
  type OfferQuery,
  type Payment,
  type PaymentQuery,
  type Publicity,
  type PublicityDetail,
  type PublishBody,
  type Recovery,
  type RecoveryBody,
  type ReleaseBody,
} from '@hqt/contract/payout';
import { http, request } from '@/shared/api/http';

export const payoutQueries = {
  all: () => ['payout'] as const,
  publicities: (query: PageQuery) => queryOptions({ queryKey: [...payoutQueries.all(), 'publicities', query], queryFn: () => http.get<PageOf<Publicity>>(PAYOUT_PATHS.publicities, { params: query }) }),
  publicity: (id: number) => queryOptions({ queryKey: [...payoutQueries.all(), 'publicity', id], queryFn: () => http.get<PublicityDetail>(withId(PAYOUT_PATHS.publicity, id), { silent: true }) }),
  mine: (query: PageQuery) => queryOptions({ queryKey: [...payoutQueries.all(), 'mine', query], queryFn: () => http.get<PageOf<MyObjection>>(PAYOUT_PATHS.myObjections, { params: query }) }),
};

/** The objection filed and the server's 「举报已提交，编号 YY…」: by an account, or by a visitor (its claim and a captcha). */
export const fileObjection = async (body: ObjectionBody | VisitorObjectionBody) => {
  const res = await request<MyObjection>({ method: 'POST', url: 'claim' in body ? PAYOUT_PATHS.visitorObject : PAYOUT_PATHS.object, data: body });
  return { objection: res.data, msg: res.msg };
};

/** A visitor's objection by its number and phone (POST: the phone never in an address). */
export const lookupObjection = (body: ObjectionLookupBody) => http.post<MyObjection>(PAYOUT_PATHS.lookup, body, { silent: true });

export const payoutConsoleQueries = {
  all: () => ['console', 'payout'] as const,
  publicities: (query: PageQuery) => queryOptions({ queryKey: [...payoutConsoleQueries.all(), 'publicities', query], queryFn: () => http.get<PageOf<Publicity>>(PAYOUT_CONSOLE_PATHS.publicities, { params: query }) }),
  publicity: (id: number) => queryOptions({ queryKey: [...payoutConsoleQueries.all(), 'publicity', id], queryFn: () => http.get<ConsolePublicity>(withId(PAYOUT_CONSOLE_PATHS.publicity, id)) }),
  approved: () => queryOptions({ queryKey: [...payoutConsoleQueries.all(), 'approved'], queryFn: () => http.get<Candidate[]>(PAYOUT_CONSOLE_PATHS.approved) }),
  objections: (query: ObjectionQuery) => queryOptions({ queryKey: [...payoutConsoleQueries.all(), 'objections', query], queryFn: () => http.get<PageOf<ObjectionItem>>(PAYOUT_CONSOLE_PATHS.objections, { params: query }) }),
  objection: (id: number) => queryOptions({ queryKey: [...payoutConsoleQueries.all(), 'objection', id], queryFn: () => http.get<ObjectionItem>(withId(PAYOUT_CONSOLE_PATHS.objection, id)) }),
  payable: () => queryOptions({ queryKey: [...payoutConsoleQueries.all(), 'payable'], queryFn: () => http.get<Candidate[]>(PAYOUT_CONSOLE_PATHS.payable) }),
  payments: (query: PaymentQuery) => queryOptions({ queryKey: [...payoutConsoleQueries.all(), 'payments', query], queryFn: () => http.get<PageOf<Payment>>(PAYOUT_CONSOLE_PATHS.payments, { params: query }) }),
  offers: (query: OfferQuery) => queryOptions({ queryKey: [...payoutConsoleQueries.all(), 'offers', query], queryFn: () => http.get<PageOf<Offer> & { counts: Record<string, number> }>(PAYOUT_CONSOLE_PATHS.offers, { params: query }) }),
  recoveries: (query: PageQuery) => queryOptions({ queryKey: [...payoutConsoleQueries.all(), 'recoveries', query], queryFn: () => http.get<PageOf<Recovery>>(PAYOUT_CONSOLE_PATHS.recoveries, { params: query }) }),
  batches: (query: PageQuery) => queryOptions({ queryKey: [...payoutConsoleQueries.all(), 'batches', query], queryFn: () => http.get<PageOf<Batch>>(PAYOUT_CONSOLE_PATHS.batches, { params: query }) }),
};

/** A console write: its answer and the server's message. */
async function write<T>(url: string, data: unknown) {
  const res = await request<T>({ method: 'POST', url, data });
  return { data: res.data, msg: res.msg };
}
export const publishPublicity = (body: PublishBody) => write<ConsolePublicity>(PAYOUT_CONSOLE_PATHS.publish, body);
export const decideObjection = async (id: number, body: DecideBody) => {
  const { data, msg } = await write<ObjectionItem>(withId(PAYOUT_CONSOLE_PATHS.decide, id), body);
  return { objection: data, msg };
};
export const recordRelease = (body: ReleaseBody) => write<{ releaseId: number; issued: number }>(PAYOUT_CONSOLE_PATHS.release, body);
export const authorise = (ids: number[]) => write<{ authorised: number }>(PAYOUT_CONSOLE_PATHS.authorise, { ids });
export const sendBatch = (ids: number[]) => write<Batch>(PAYOUT_CONSOLE_PATHS.batch, { ids });
export const importReturn = (batchId: number, fileId: number) => write<{ paid: number; returned: number }>(withId(PAYOUT_CONSOLE_PATHS.importReturn, batchId), { fileId });
export const payDirectly = (applicationIds: number[]) => write<{ moved: number }>(PAYOUT_CONSOLE_PATHS.payDirectly, { applicationIds });
export const raiseRecovery = (body: RecoveryBody) => write<Recovery>(PAYOUT_CONSOLE_PATHS.recover, body);
export const markRecovered = (id: number) => write<Recovery>(withId(PAYOUT_CONSOLE_PATHS.recovered, id), {});
export const batchFileUrl = (batchId: number, format: 'json' | 'xlsx') => `${withId(PAYOUT_CONSOLE_PATHS.exportBatch, batchId)}?format=${format}`;
