import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { EnterpriseCardsContext } from '@/shared/enterprise-cards';
import { FEATURES } from './features';
import { documentTitle, usePageName } from './navigation';
import { SiteContext } from './site-context';

// nprogress's own template gives the bar role="bar", which is no ARIA role (axe: aria-roles); the
// bar only decorates a wait the page itself shows, so it is hidden from assistive technology (and found
// by its class, as nprogress looks for [role="bar"]).
NProgress.configure({
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

/** The services' 企业详情 cards (FeatureModule.enterpriseCard), for the account feature's page. */
const ENTERPRISE_CARDS = FEATURES.flatMap((f) => (f.enterpriseCard ? [f.enterpriseCard] : []));

/**
 * A top progress bar on every navigation, no spinner (spec §2); the tab's title names the page; the
 * pages below read the feature modules from the site's context (app/site-context.ts).
 */
export function Root() {
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  }, [navigation.state]);
  const { pathname } = useLocation();
  const name = usePageName();
  useEffect(() => {
    document.title = documentTitle(pathname, name);
  }, [pathname, name]);
  return (
    <SiteContext value={FEATURES}>
      <EnterpriseCardsContext value={ENTERPRISE_CARDS}>
        <Outlet />
      </EnterpriseCardsContext>
    </SiteContext>
  );
}
