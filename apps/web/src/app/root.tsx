import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';

NProgress.configure({ showSpinner: false });

/** A top progress bar on every navigation, no spinner (spec §2). */
export function Root() {
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  }, [navigation.state]);
  return <Outlet />;
}
