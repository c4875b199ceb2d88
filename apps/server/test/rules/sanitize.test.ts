// Staff HTML as shown (lib/sanitize.ts): the allow-list's answer, the same when the text is asked
// for again (answers are kept by their HTML).
import { expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/lib/sanitize';

it('a hostile text is cleaned on every showing, the kept answer as clean as the first', () => {
  const hostile = '<p onclick="alert(1)">补助<script>alert(2)</script><a href="javascript:alert(3)">详见</a><img src=x onerror="alert(4)"></p>';
  const first = sanitizeHtml(hostile);
  expect(first).toBe('<p>补助<a target="_blank" rel="noopener noreferrer">详见</a><img src="x" /></p>');
  expect(sanitizeHtml(hostile)).toBe(first);
  // Another text is not given the kept answer.
  expect(sanitizeHtml('<p>另一条</p>')).toBe('<p>另一条</p>');
});
