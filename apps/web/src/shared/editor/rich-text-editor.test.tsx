import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { UPLOAD_CONSOLE_PATHS, UPLOAD_MSG, type UploadedImage } from '@hqt/contract/upload';
import { EDITOR_IMAGE_MAX_BYTES } from '@hqt/contract/constants';
import type { ApiEnvelope } from '@hqt/contract/envelope';
import { server } from '../../../test/msw';
import RichTextEditor, { UNSAFE_LINK_MSG } from './rich-text-editor';

// jsdom lays nothing out; ProseMirror asks where the selection is when it scrolls it into view.
const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) } as DOMRect;
beforeAll(() => {
  Range.prototype.getClientRects = () => Object.assign([rect], { item: () => rect }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => rect;
  document.elementFromPoint = () => null;
});

const png = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

function setup(value?: string) {
  const onChange = vi.fn<(html: string) => void>();
  const view = render(<RichTextEditor value={value} onChange={onChange} aria-label="政策正文" />);
  const box = screen.getByRole('textbox', { name: '政策正文' });
  const lastHtml = () => onChange.mock.lastCall?.[0] ?? '';
  return { ...view, onChange, box, lastHtml };
}

/** Counts the upload requests and answers each file as stored under /uploads. */
function uploadServer(answered: Promise<unknown> = Promise.resolve()) {
  const seen: { type: string | null; files: { field: string; type: string }[] }[] = [];
  server.use(
    mock.post(UPLOAD_CONSOLE_PATHS.imageUpload, async ({ request }) => {
      const type = request.headers.get('content-type');
      // Read by hand: undici's multipart parser refuses the File class of jsdom's realm, and on
      // the way from jsdom's XHR to the handler the parts lose their names and bytes (a browser
      // keeps them). So the answer names the images by their place.
      const body = new TextDecoder().decode(await request.arrayBuffer());
      const parts = [...body.matchAll(/Content-Disposition: form-data; name="([^"]*)"; filename="[^"]*"\r\nContent-Type: ([^\r]*)/gi)];
      const files = parts.map(([, field, mime]) => ({ field: field!, type: mime! }));
      seen.push({ type, files });
      await answered;
      const data: UploadedImage[] = files.map((f, i) => ({ url: `/uploads/${seen.length}-${i}.png`, name: `图${seen.length}-${i}`, bytes: 10, type: f.type }));
      return HttpResponse.json<ApiEnvelope<UploadedImage[]>>({ code: 200, msg: 'success', data });
    }),
  );
  return seen;
}

const imageInput = () => screen.getByTestId<HTMLInputElement>('rte-image-input');

test('typing, then 标题2, emits HTML with an <h2>', async () => {
  const { box, lastHtml } = setup();
  await userEvent.click(box);
  await userEvent.type(box, '申报须知');
  await waitFor(() => expect(lastHtml()).toBe('<p>申报须知</p>'));
  await userEvent.click(screen.getByRole('button', { name: '标题2' }));
  await waitFor(() => expect(lastHtml()).toBe('<h2>申报须知</h2>'));
  expect(screen.getByRole('button', { name: '标题2' })).toHaveAttribute('aria-pressed', 'true');
});

test('插入表格 emits a 3×3 <table> with a header row; the table tools work only inside it', async () => {
  const { box, lastHtml } = setup();
  expect(screen.getByRole('button', { name: '删除表格' })).toBeDisabled();
  await userEvent.click(box);
  await userEvent.click(screen.getByRole('button', { name: '插入表格' }));
  await waitFor(() => expect(lastHtml()).toContain('<table'));
  const table = new DOMParser().parseFromString(lastHtml(), 'text/html');
  expect(table.querySelectorAll('tr')).toHaveLength(3);
  expect(table.querySelectorAll('th')).toHaveLength(3);
  expect(table.querySelectorAll('td')).toHaveLength(6);
  await waitFor(() => expect(screen.getByRole('button', { name: '增加行' })).toBeEnabled());
  await userEvent.click(screen.getByRole('button', { name: '增加行' }));
  await waitFor(() => expect(new DOMParser().parseFromString(lastHtml(), 'text/html').querySelectorAll('tr')).toHaveLength(4));
  await userEvent.click(screen.getByRole('button', { name: '删除表格' }));
  await waitFor(() => expect(lastHtml()).not.toContain('<table'));
});

test('a value from outside is shown without an onChange', async () => {
  const { rerender, onChange, box } = setup('<p>旧内容</p>');
  expect(box).toHaveTextContent('旧内容');
  rerender(<RichTextEditor value="<h2>已保存的政策</h2>" onChange={onChange} aria-label="政策正文" />);
  await waitFor(() => expect(box.querySelector('h2')).toHaveTextContent('已保存的政策'));
  expect(onChange).not.toHaveBeenCalled();
});

test('a 7th file in one pick is refused with the spec message and nothing is sent', async () => {
  const seen = uploadServer();
  setup();
  const files = Array.from({ length: 7 }, (_, i) => png(`p${i}.png`));
  await userEvent.upload(imageInput(), files);
  expect(await screen.findByText(UPLOAD_MSG.tooMany)).toBeInTheDocument();
  expect(seen).toHaveLength(0);
});

test('a file over 2 MB is refused and nothing is sent; so is a type the server does not take', async () => {
  const seen = uploadServer();
  setup();
  const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' });
  expect(big.size).toBeGreaterThan(EDITOR_IMAGE_MAX_BYTES);
  await userEvent.upload(imageInput(), [png('ok.png'), big]);
  expect(await screen.findByText(UPLOAD_MSG.tooLarge)).toBeInTheDocument();
  fireEvent.change(imageInput(), { target: { files: [new File(['x'], 'a.svg', { type: 'image/svg+xml' })] } });
  expect(await screen.findByText(UPLOAD_MSG.wrongType)).toBeInTheDocument();
  expect(seen).toHaveLength(0);
});

test('good images are sent as multipart `file` fields and inserted as <img> at the cursor', async () => {
  let answer = () => {};
  const seen = uploadServer(new Promise<void>((resolve) => (answer = resolve)));
  const { box, lastHtml } = setup();
  await userEvent.click(box);
  await userEvent.upload(imageInput(), [png('一.png'), png('two.png')]);
  // While the request is out the button shows that it is loading.
  await waitFor(() => expect(seen).toHaveLength(1));
  expect(screen.getByRole('button', { name: '插入图片' })).toHaveClass('ant-btn-loading');
  answer();
  await waitFor(() => expect(lastHtml()).toContain('<img src="/uploads/1-0.png" alt="图1-0"><img src="/uploads/1-1.png" alt="图1-1">'));
  expect(seen).toHaveLength(1);
  expect(seen[0]!.type).toMatch(/^multipart\/form-data; boundary=/);
  expect(seen[0]!.files).toEqual([
    { field: 'file', type: 'image/png' },
    { field: 'file', type: 'image/png' },
  ]);
  expect(screen.getByRole('button', { name: '插入图片' })).not.toHaveClass('ant-btn-loading');
});

test('a pasted image file goes through the same checks and upload', async () => {
  const seen = uploadServer();
  const { box, lastHtml } = setup();
  await userEvent.click(box);
  const paste = (files: File[]) =>
    act(() => {
      const event = new Event('paste', { bubbles: true, cancelable: true });
      Object.assign(event, { clipboardData: { files, getData: () => '', types: ['Files'] } });
      box.dispatchEvent(event);
    });
  // An earlier test's toast may still be showing: count on from it.
  const shown = screen.queryAllByText(UPLOAD_MSG.tooMany).length;
  paste(Array.from({ length: 7 }, (_, i) => png(`p${i}.png`)));
  await waitFor(() => expect(screen.queryAllByText(UPLOAD_MSG.tooMany)).toHaveLength(shown + 1));
  expect(seen).toHaveLength(0);
  paste([png('shot.png')]);
  await waitFor(() => expect(lastHtml()).toContain('<img src="/uploads/1-0.png" alt="图1-0">'));
  expect(seen).toHaveLength(1);
});

test('an unsafe link (javascript:) is refused with the Chinese message; a safe one is set', async () => {
  const { box, lastHtml } = setup();
  await userEvent.click(box);
  await userEvent.type(box, '办事指南');
  await userEvent.keyboard('{Shift>}{ArrowLeft}{ArrowLeft}{/Shift}');
  await userEvent.click(screen.getByRole('button', { name: '链接' }));
  const input = await screen.findByRole('textbox', { name: '链接地址' });
  await userEvent.type(input, 'javascript:alert(1)');
  await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
  expect(await screen.findByText(UNSAFE_LINK_MSG)).toHaveAttribute('role', 'alert');
  expect(lastHtml()).not.toContain('javascript');
  expect(lastHtml()).not.toContain('<a');

  await userEvent.clear(input);
  await userEvent.type(input, 'https://example.gov.cn/');
  await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
  await waitFor(() => expect(lastHtml()).toContain('href="https://example.gov.cn/"'));
  expect(lastHtml()).not.toContain('javascript');
});
