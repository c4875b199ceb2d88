import { POST_LOGIN_PATH } from '@/config/routes';
import { afterLoginPath } from './after-login';

test('the login returns to a path of this site and to nowhere else', () => {
  expect(afterLoginPath('/enterCode/enterCode?code=YE8W9UB6F3&appeal=1')).toBe('/enterCode/enterCode?code=YE8W9UB6F3&appeal=1');
  for (const elsewhere of [null, '', '//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'enterCode/enterCode']) {
    expect(afterLoginPath(elsewhere)).toBe(POST_LOGIN_PATH);
  }
});
