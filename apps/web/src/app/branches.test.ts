// What the portal's frame derives from the feature modules: every service in the top menu has its
// footer link (企业赋码 and 消息中心 were missing).
import { PORTAL, routesOf } from './branches';

test('the footer links every service of the top menu, in the footer order', () => {
  const routes = routesOf(PORTAL);
  const menu = routes.filter((r) => r.menu !== undefined && r.path !== '/').map((r) => r.title);
  const footer = routes.filter((r) => r.footer !== undefined).map((r) => r.title);
  expect(footer).toEqual(expect.arrayContaining(menu));
  expect(footer).toEqual(expect.arrayContaining(['企业赋码', '消息中心']));
});
