import { tabs, useTabs } from './tabs-store';

const names = () => useTabs.getState().tags.map((t) => t.name);

beforeEach(() => tabs.clear());

test('a visited page is added once by name, and becomes the current tag', () => {
  expect(tabs.visit('政策超市', '/policyMarket/policyMarket')).toBe('added');
  expect(tabs.visit('政策超市', '/policyMarket/policyMarket?page=2')).toBe('exists');
  expect(names()).toEqual(['首页', '政策超市']);
  const current = useTabs.getState().tags.filter((t) => t.isType);
  expect(current).toEqual([{ name: '政策超市', path: '/policyMarket/policyMarket?page=2', isType: true }]);
});

test('at 20 tags no new tag is added and the caller is told (to show the notice)', () => {
  for (let i = 1; i < 20; i++) expect(tabs.visit(`页面${i}`, `/p/${i}`)).toBe('added');
  expect(names()).toHaveLength(20);
  expect(tabs.visit('第二十一个', '/p/21')).toBe('full');
  expect(names()).toHaveLength(20);
  expect(names()).not.toContain('第二十一个');
});

test('the toggle appears over 8 tags and hides only when fewer than 8 remain', () => {
  for (let i = 1; i <= 7; i++) tabs.visit(`页面${i}`, `/p/${i}`); // 8 tags
  expect(useTabs.getState().showToggle).toBe(false);
  tabs.visit('页面8', '/p/8'); // 9
  expect(useTabs.getState().showToggle).toBe(true);
  tabs.close('页面8'); // back to 8: stays
  expect(useTabs.getState().showToggle).toBe(true);
  tabs.close('页面7'); // 7: gone
  expect(useTabs.getState().showToggle).toBe(false);
});

test('the home tag cannot be closed; closing the current tag answers where to go', () => {
  tabs.visit('政策推送', '/policyPush/policyPush');
  tabs.visit('企业诉求', '/enterpriseDemands/enterpriseDemands');
  expect(tabs.close('首页')).toBeNull();
  expect(names()).toContain('首页');
  expect(tabs.close('企业诉求')).toBe('/policyPush/policyPush');
  expect(tabs.close('首页')).toBeNull();
});

test('清空 leaves only the home tag', () => {
  tabs.visit('政策推送', '/policyPush/policyPush');
  tabs.clear();
  expect(names()).toEqual(['首页']);
});
