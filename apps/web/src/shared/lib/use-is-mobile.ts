import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@hqt/contract/constants';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** Mobile mode: the body is narrower than 992 px (spec §2). */
export const useIsMobile = () => useSyncExternalStore(subscribe, () => document.body.clientWidth < MOBILE_BREAKPOINT_PX);
