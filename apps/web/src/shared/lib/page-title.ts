// A page whose tag is named by its content (an opened guide) says so here; the shell's tag bar
// and the tab's title (app/navigation.ts usePageName) read it. Keeps features from importing the layout.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';

interface PageTitleState {
  /** The title for one exact address (path and query). */
  override: { address: string; title: string } | null;
}

export const usePageTitleStore = create<PageTitleState>(() => ({ override: null }));

/** Names the current address's tag while the page shows `title` (undefined: no name yet). */
export function usePageTitle(title: string | undefined) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!title) return;
    usePageTitleStore.setState({ override: { address: pathname + search, title } });
    return () => usePageTitleStore.setState({ override: null });
  }, [title, pathname, search]);
}
