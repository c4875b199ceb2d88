import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { EnterpriseCardsContext } from '@/shared/enterprise-cards';
import { FEATURES } from './features';
import { documentTitle, usePageName } from './navigation';
import { SiteContext } from './site-context';

NProgress.configure({ showSpinner: false });

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
