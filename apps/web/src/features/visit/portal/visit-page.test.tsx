// 企业走访's enterprise page with HTTP stubbed at the network edge: the request form's checks send
// nothing, a decline needs a note, a proposed time is sent, the buttons are the steps the server
// allows, the summary's problems lead to their appeals, a staff step's notice shows while the page is
// open, and a visit that is not the caller's.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ROLES } from '@hqt/contract/auth';
import { CALCULATOR_PATHS, type EnterpriseSummary } from '@hqt/contract/calculator';
import type { PageOf } from '@hqt/contract/envelope';
import { VISIT_MSG, VISIT_PATHS, type VisitApprovalBody, type VisitAppraisalBody, type VisitDetail, type VisitItem, type VisitPortalQuery, type VisitRequestBody } from '@hqt/contract/visit';
import { WORKFLOW_MSG } from '@hqt/contract/workflow';
import { announceHubEvent } from '@/shared/messages/hub-events';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../../test/msw';
import VisitPage from './visit-page';

const PAGE = '/enterpriseVisit/enterpriseVisit';
const ENTERPRISE: EnterpriseSummary = { id: 7, name: '云溪智造科技有限公司', creditCode: '91511234MA000000X1', industry: null, scale: null, complete: true, updatedAt: '2026-11-02T01:00:00.000Z' };
const page = <T,>(list: T[]): PageOf<T> => ({ list, total: list.length, currentPage: 1, pageSize: 10 });

const item: VisitItem = {
  id: 31,
  number: 'ZF20261125-0002',
  enterpriseId: 7,
  enterpriseName: ENTERPRISE.name,
  origin: 'staff',
  subject: '新产线投产前的用工与用电问题',
  type: 'problem',
  typeName: '问题收集',
  method: 'onsite',
  methodName: '实地走访',
  startsAt: '2030-12-19T02:00:00.000Z',
  endsAt: '2030-12-19T04:00:00.000Z',
  place: '云溪智造二号厂房',
  status: 'pending',
  statusLabel: '待确认',
  leadName: '王科长',
  rating: null,
  createdAt: '2026-11-25T02:00:00.000Z',
};
const detail = (patch: Partial<VisitDetail> = {}): VisitDetail => ({
  ...item,
  staff: [
    { id: 3, name: '王科长', lead: true },
    { id: 4, name: '李干事', lead: false },
  ],
  preferredTimes: null,
  topics: null,
  proposed: null,
  note: null,
  summary: null,
  guides: [],
  writtenAt: null,
  problems: [],
  ratingLabel: null,
  comment: null,
  appraisedAt: null,
  timeline: [{ id: 1, at: '2026-11-25T02:00:00.000Z', step: 'plan', from: '', to: 'pending', actor: null, role: 'staff', note: null }],
  attachments: [],
  steps: ['approve', 'decline', 'propose'],
  ...patch,
});

let requested: VisitRequestBody[] = [];
let answered: VisitApprovalBody[] = [];
let queried: VisitPortalQuery[] = [];

beforeEach(() => {
  requested = [];
  answered = [];
  queried = [];
  session.setUser({ name: 'demo', roles: [ROLES.enterprise.name] });
  server.use(
    mock.get(CALCULATOR_PATHS.allEnterprises, () => HttpResponse.json(ok([ENTERPRISE]))),
    mock.post(VISIT_PATHS.appointmentPage, async ({ request }) => {
      queried.push((await request.json()) as VisitPortalQuery);
      return HttpResponse.json(ok(page([item])));
    }),
    mock.post(VISIT_PATHS.request, async ({ request }) => {
      requested.push((await request.json()) as VisitRequestBody);
      return HttpResponse.json(ok(detail({ id: 32, status: 'requested', steps: [] }), VISIT_MSG.requested('ZF20261125-0003')));
    }),
  );
});

function renderPage(query = '') {
  const router = createMemoryRouter([{ path: PAGE, Component: VisitPage }], { initialEntries: [`${PAGE}${query}`] });
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function stubDetail(answer: VisitDetail) {
  let current = answer;
  server.use(
    mock.get(VISIT_PATHS.detail, () => HttpResponse.json(ok(current))),
    mock.post(VISIT_PATHS.approval, async ({ request }) => {
      const body = (await request.json()) as VisitApprovalBody;
      answered.push(body);
      current = body.action === 'propose' ? { ...current, status: 'rescheduling', statusLabel: '改期协商', proposed: body.proposed ?? null, steps: [] } : { ...current, status: 'declined', statusLabel: '已拒绝', note: body.note ?? null, steps: [] };
      return HttpResponse.json(ok(current, VISIT_MSG.stepDone(body.action === 'propose' ? '提议改期' : '拒绝走访')));
    }),
  );
}

const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

test('the list shows each visit by tab, with its time, place and lead, and asks the server by filter', async () => {
  renderPage('?tab=toConfirm');
  expect(await screen.findByText(item.subject)).toBeInTheDocument();
  expect(screen.getByText(/云溪智造二号厂房/)).toBeInTheDocument();
  expect(screen.getByText(/带队：王科长/)).toBeInTheDocument();
  expect(screen.getByText(/问题收集 · 实地走访 · 部门发起/)).toBeInTheDocument();
  expect(queried.at(-1)).toEqual({ currentPage: 1, pageSize: 20, filter: 'toConfirm' });
});

test("the request form's checks are the contract's messages, and nothing is sent", async () => {
  renderPage('?new=1');
  const form = within(await screen.findByRole('dialog'));
  await userEvent.click(await form.findByRole('button', { name: '提交申请' }, { timeout: 5000 }));
  await vi.waitFor(() => expect(errors()).toEqual(['走访主题不能为空，且不能超过 50 个字', '请填写 2–3 个期望的走访时间', '希望沟通的内容不能为空，且不能超过 1000 个字']));
  // a third time may be added, never a fourth
  await userEvent.click(form.getByRole('button', { name: /再添加一个期望时间/ }));
  expect(form.getByText('期望时间 3')).toBeInTheDocument();
  expect(form.queryByRole('button', { name: /再添加一个期望时间/ })).toBeNull();
  expect(requested).toEqual([]);
});

test('decline needs a note: none sends nothing, one sends decline with it', async () => {
  stubDetail(detail());
  renderPage('?id=31');
  await userEvent.click(await screen.findByRole('button', { name: '拒绝走访' }));
  const modal = within(await screen.findByRole('dialog'));
  await userEvent.click(modal.getByRole('button', { name: '拒绝走访' }));
  expect(await modal.findByText(WORKFLOW_MSG.noteRequired('拒绝走访'))).toBeInTheDocument();
  expect(answered).toEqual([]);
  await userEvent.type(modal.getByLabelText('拒绝说明'), '当周厂房检修');
  await userEvent.click(modal.getByRole('button', { name: '拒绝走访' }));
  await vi.waitFor(() => expect(answered).toEqual([{ id: 31, action: 'decline', note: '当周厂房检修' }]));
  expect((await screen.findAllByText('已拒绝')).length).toBeGreaterThan(0);
});

test('propose sends the new time, and the visit then shows it in 改期协商', async () => {
  stubDetail(detail());
  renderPage('?id=31');
  await userEvent.click(await screen.findByRole('button', { name: '提议改期' }));
  const modal = within(await screen.findByRole('dialog'));
  await userEvent.click(modal.getByRole('button', { name: '提交新时间' }));
  expect(await modal.findByText(VISIT_MSG.proposedRequired)).toBeInTheDocument();
  expect(answered).toEqual([]);

  const [start, end] = modal.getAllByPlaceholderText(/开始时间|结束时间/);
  await userEvent.click(start!);
  fireEvent.change(start!, { target: { value: '2030-12-20 14:00' } });
  fireEvent.keyDown(start!, { key: 'Enter', code: 'Enter' });
  fireEvent.change(end!, { target: { value: '2030-12-20 16:00' } });
  fireEvent.keyDown(end!, { key: 'Enter', code: 'Enter' });
  await userEvent.click(modal.getByRole('button', { name: '提交新时间' }));
  await vi.waitFor(() => expect(answered).toEqual([{ id: 31, action: 'propose', proposed: { start: new Date(2030, 11, 20, 14).toISOString(), end: new Date(2030, 11, 20, 16).toISOString() } }]));
  expect((await screen.findAllByText('改期协商')).length).toBeGreaterThan(0);
});

test('不满意 needs a comment: none sends nothing, one sends the appraisal once, and the button is gone', async () => {
  const appraised: VisitAppraisalBody[] = [];
  let current = detail({ status: 'visited', statusLabel: '已走访', steps: ['appraise'], summary: '了解了用电增容需求。', writtenAt: '2030-12-19T06:00:00.000Z' });
  server.use(
    mock.get(VISIT_PATHS.detail, () => HttpResponse.json(ok(current))),
    mock.post(VISIT_PATHS.appraisal, async ({ request }) => {
      const body = (await request.json()) as VisitAppraisalBody;
      appraised.push(body);
      current = { ...current, status: 'appraised', statusLabel: '已评价', ratingLabel: '不满意', comment: body.comment ?? null, steps: [] };
      return HttpResponse.json(ok(current, VISIT_MSG.stepDone('评价')));
    }),
  );
  renderPage('?id=31');
  await userEvent.click(await screen.findByRole('button', { name: /^评\s*价$/ }));
  const modal = within(await screen.findByRole('dialog'));
  await userEvent.click(modal.getByLabelText('不满意'));
  await userEvent.click(modal.getByRole('button', { name: '提交评价' }));
  expect(await modal.findByText(VISIT_MSG.commentRequired)).toBeInTheDocument();
  expect(appraised).toEqual([]);
  await userEvent.type(modal.getByLabelText('评价说明'), '问题未当场回应');
  await userEvent.click(modal.getByRole('button', { name: '提交评价' }));
  await vi.waitFor(() => expect(appraised).toEqual([{ id: 31, rating: 'dissatisfied', comment: '问题未当场回应' }]));
  expect(await screen.findByText('我的评价')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^评\s*价$/ })).toBeNull();
});

const actionNames = () =>
  within(document.querySelector('.visit-detail') as HTMLElement)
    .queryAllByRole('button')
    .map((b) => b.textContent?.replace(/\s/g, ''))
    .filter((n) => n && n !== '');

test('the buttons follow the server: none it does not list, the .ics only once confirmed', async () => {
  stubDetail(detail({ steps: [] }));
  const first = renderPage('?id=31');
  await screen.findByText('走访记录');
  expect(actionNames()).toEqual([]);
  first.unmount();

  stubDetail(detail({ status: 'confirmed', statusLabel: '已确认', steps: [] }));
  const second = renderPage('?id=31');
  await screen.findByText('走访记录');
  expect(actionNames()).toEqual(['加入日历（.ics）']);
  second.unmount();

  stubDetail(
    detail({
      status: 'visited',
      statusLabel: '已走访',
      steps: ['appraise'],
      summary: '了解了用电增容需求。',
      writtenAt: '2030-12-19T06:00:00.000Z',
      guides: [{ id: 12, title: '技术改造项目贴息申报指南' }],
      problems: [{ key: '用电增容', appealId: 55, appealNumber: 'SQ20301219-0001', title: '用电增容审批', status: 'accepted', statusLabel: '已受理' }],
    }),
  );
  renderPage('?id=31');
  await screen.findByText('走访纪要');
  // a held visit may also be the subject of a new appeal, with the visit linked
  expect(actionNames()).toEqual(['评价', '就本次走访提出诉求']);
  expect(screen.getByRole('link', { name: '技术改造项目贴息申报指南' })).toHaveAttribute('href', '/policyMarket/policyMarket?guide=12');
  expect(screen.getByRole('link', { name: '用电增容审批' })).toHaveAttribute('href', '/enterpriseDemands/enterpriseDemands?id=55');
  expect(screen.getByText('SQ20301219-0001')).toBeInTheDocument();
  expect(screen.getByText('已受理')).toBeInTheDocument();
  expect(screen.getByText('部门发起')).toBeInTheDocument();
});

test("staff's step reaches the open visit through the hub's notice: the new state shows without a reload", async () => {
  stubDetail(detail({ status: 'rescheduling', statusLabel: '改期协商', steps: [] }));
  renderPage('?id=31');
  expect(await screen.findByText('改期协商', { selector: 'td *, td' })).toBeInTheDocument();
  stubDetail(detail({ status: 'confirmed', statusLabel: '已确认', steps: [] }));
  act(() => announceHubEvent({ notice: { source: 'visit', kind: 'visit.confirmed', title: '走访已确认：政策宣讲', link: '/enterpriseVisit/enterpriseVisit?id=31' } }));
  expect(await screen.findByText('已确认', { selector: 'td *, td' })).toBeInTheDocument();
});

test("a wrong or another enterprise's id shows 走访不存在 with the way back to the list", async () => {
  server.use(mock.get(VISIT_PATHS.detail, () => HttpResponse.json({ code: 404, msg: '请求的资源不存在', data: null }, { status: 404 })));
  renderPage('?id=999');
  expect(await screen.findByText('走访不存在')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: '返回走访列表' }));
  expect(await screen.findByText(item.subject)).toBeInTheDocument();
});
