import type { MouseEvent } from 'react';

export const MAIN_ID = 'main-content';

/**
 * 跳到主要内容: the first stop of the Tab key on every page, shown when focused (global.css). It
 * moves focus into the main area without touching the address (a hash would be a route change).
 */
export function SkipLink() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    document.getElementById(MAIN_ID)?.focus();
  };
  return (
    <a href={`#${MAIN_ID}`} className="skip-link" onClick={skip}>
      跳到主要内容
    </a>
  );
}
