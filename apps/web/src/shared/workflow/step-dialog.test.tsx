// The step kit on a flow of its own: what the declaration says is what is drawn and checked, and
// what a service's own field holds is sent beside the note (HTTP stubbed at the network edge).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, InputNumber } from 'antd';
import { http as mock, HttpResponse } from 'msw';
import { defineFlow, WORKFLOW_MSG } from '@hqt/contract/workflow';
import { request } from '@/shared/api/http';
import { session } from '@/shared/session/session-store';
import { ok, server } from '../../../test/msw';
import { StepButtons, type StepValues } from './step-dialog';

beforeEach(() => session.clear());

const FLOW = defineFlow({
  states: { open: '办理中', closed: '已办结' },
  steps: {
    file: { label: '提交', from: [], to: 'open', roles: ['enterprise'] },
    review: { label: '复核', from: ['open'], roles: ['staff'], tone: 'primary', confirm: '复核后企业将收到通知。', noteLabel: '复核意见（选填，企业可见）' },
    refuse: { label: '退回', from: ['open'], to: 'closed', roles: ['staff'], noteRequired: true, tone: 'danger', noteLabel: '退回理由（企业可见）', notePlaceholder: '请写明退回的理由' },
    extend: { label: '延期', from: ['open'], roles: ['staff'], noteRequired: true, internal: true, noteLabel: '延期理由（企业不可见）' },
  },
  initial: ['file'],
});

interface Item {
  id: number;
  steps: string[];
}
interface Body {
  step: string;
  note?: string;
  days?: number;
}
const STEP = '/api/v1/test/step/:id';

/** Each step's body is recorded; the answer is the item with `after`'s steps and the server's 「…成功」. */
function serveSteps(after: string[] = []) {
  const bodies: Body[] = [];
  server.use(
    mock.post(STEP, async ({ request: req }) => {
      const body = (await req.json()) as Body;
      bodies.push(body);
      return HttpResponse.json(ok<Item>({ id: 5, steps: after }, `${FLOW.steps[body.step as keyof typeof FLOW.steps].label}成功`));
    }),
  );
  return bodies;
}

const write = async (body: Body) => {
  const res = await request<Item>({ method: 'POST', url: STEP.replace(':id', '5'), data: body });
  return { item: res.data, msg: res.msg };
};

function renderSteps(steps: string[], unavailable?: (step: string) => string | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <StepButtons
        flow={FLOW}
        steps={steps}
        title={(label) => `${label}：TS-0005`}
        write={write}
        cache={{ detail: ['test', 'item', 5], answered: (a) => a.item, service: ['test'] }}
        done={(label) => `${label}完成`}
        noteMax={200}
        unavailable={unavailable}
        fields={{
          extend: {
            before: (
              <Form.Item label="延长天数" name="days" rules={[{ required: true, message: '请填写延长天数' }]}>
                <InputNumber min={1} />
              </Form.Item>
            ),
            body: (v: StepValues & { days?: number }) => ({ days: v.days }),
          },
        }}
      />
    </QueryClientProvider>,
  );
}

/** antd spaces out a two-character label (退 回). */
const named = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);

test('a button for each listed step in the server\'s order, toned as declared, disabled with the reason when it cannot be taken', async () => {
  renderSteps(['refuse', 'review', 'extend'], (s) => (s === 'extend' ? '已有待审批的延期' : null));
  const buttons = screen.getAllByRole('button');
  expect(buttons.map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(['退回', '复核', '延期']);
  expect(buttons[0]).toHaveClass('ant-btn-dangerous');
  expect(buttons[0]).not.toHaveClass('ant-btn-primary');
  expect(buttons[1]).toHaveClass('ant-btn-primary');
  expect(buttons[1]).not.toHaveClass('ant-btn-dangerous');
  expect(buttons[2]).toBeDisabled();
  expect(buttons[2]).toHaveAttribute('title', '已有待审批的延期');
});

test('no listed step says so', () => {
  renderSteps([]);
  expect(screen.getByText('当前状态下没有可办理的步骤')).toBeInTheDocument();
});

test('a required note is asked by its declared label and refused with the server\'s words before anything is sent; written, it is sent and the server\'s message shown', async () => {
  const bodies = serveSteps();
  renderSteps(['review', 'refuse']);
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: named('退回') }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('退回：TS-0005')).toBeInTheDocument();
  const note = within(dialog).getByLabelText('退回理由（企业可见）');
  expect(note).toHaveAttribute('placeholder', '请写明退回的理由');

  await user.type(note, '   ');
  await user.click(within(dialog).getByRole('button', { name: named('退回') }));
  await waitFor(() => expect(within(dialog).getByText(WORKFLOW_MSG.noteRequired('退回'))).toBeInTheDocument());
  expect(bodies).toHaveLength(0);

  await user.type(note, '材料不全');
  await user.click(within(dialog).getByRole('button', { name: named('退回') }));
  expect(await screen.findByText('退回成功')).toBeInTheDocument();
  expect(bodies).toEqual([{ step: 'refuse', note: '材料不全' }]);
});

test('an optional note may be left empty: the declared text is said first and nothing but the step is sent', async () => {
  const bodies = serveSteps();
  renderSteps(['review']);
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: named('复核') }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('复核后企业将收到通知。')).toBeInTheDocument();
  expect(within(dialog).getByLabelText('复核意见（选填，企业可见）')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: named('复核') }));
  await waitFor(() => expect(bodies).toEqual([{ step: 'review' }]));
});

test('a service\'s own field is checked and sent beside the note; an internal step says the enterprise never sees it', async () => {
  const bodies = serveSteps();
  renderSteps(['extend']);
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: named('延期') }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('这一步企业不可见：不进入企业看到的办理记录，也不通知企业。')).toBeInTheDocument();

  await user.type(within(dialog).getByLabelText('延期理由（企业不可见）'), '等待财政局答复');
  await user.click(within(dialog).getByRole('button', { name: named('延期') }));
  expect(await within(dialog).findByText('请填写延长天数')).toBeInTheDocument();
  expect(bodies).toHaveLength(0);

  await user.type(within(dialog).getByLabelText('延长天数'), '5');
  await user.click(within(dialog).getByRole('button', { name: named('延期') }));
  await waitFor(() => expect(bodies).toEqual([{ step: 'extend', note: '等待财政局答复', days: 5 }]));
  expect(await screen.findByText('延期成功')).toBeInTheDocument();
});
