// The site's identity and footer items, read once per page load. Plain fetch (plain-get.ts), not the
// HTTP client: the login page shows the bureau's name and must not carry axios for it.
import { useEffect, useState } from 'react';
import { AUTH_PATHS, type PlatformInfo } from '@hqt/contract/auth';
import { plainGet } from './plain-get';

let loading: Promise<PlatformInfo> | null = null;

export function loadPlatformInfo(): Promise<PlatformInfo> {
  loading ??= plainGet<PlatformInfo>(AUTH_PATHS.platformName).catch((err: unknown) => {
    loading = null; // asked again next time
    throw err;
  });
  return loading;
}

/** The platform's information once loaded (null until then, or when it cannot be had). */
export function usePlatformInfo(): PlatformInfo | null {
  const [info, setInfo] = useState<PlatformInfo | null>(null);
  useEffect(() => {
    let live = true;
    loadPlatformInfo().then(
      (loaded) => live && setInfo(loaded),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return info;
}
