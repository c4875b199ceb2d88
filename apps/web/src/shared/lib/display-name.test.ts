import { displayName } from './display-name';

test('names longer than 5 characters show their first 4 and an ellipsis', () => {
  expect(displayName('云溪智造科技有限公司')).toBe('云溪智造…');
  expect(displayName('云溪智造科技')).toBe('云溪智造…');
  expect(displayName('云溪智造科')).toBe('云溪智造科');
  expect(displayName('李工')).toBe('李工');
});
