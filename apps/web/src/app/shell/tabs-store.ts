// The breadcrumb tag bar (spec §4): visited pages without duplicates by name, the home tag never
// closes, at most 20 tags, a toggle tag over 8 that hides again under 8.
import { create } from 'zustand';
import { TAB_CAP, TAB_TOGGLE_THRESHOLD } from '@hqt/contract/constants';
import { HOME_PATH } from '@/config/routes';

export interface Tag {
  name: string;
  path: string;
  /** The current page's tag (spec's isType). */
  isType: boolean;
}

interface TabsState {
  tags: Tag[];
  showToggle: boolean;
  collapsed: boolean;
}

const HOME_TAG: Tag = { name: '首页', path: HOME_PATH, isType: false };

/** Over 8 the toggle appears; under 8 it goes; at exactly 8 it stays as it was. */
const toggleFor = (count: number, previous: boolean) =>
  count > TAB_TOGGLE_THRESHOLD ? true : count < TAB_TOGGLE_THRESHOLD ? false : previous;

export const useTabs = create<TabsState>(() => ({ tags: [HOME_TAG], showToggle: false, collapsed: false }));

export const tabs = {
  /** Marks a visited page; answers 'full' when the cap stops a new tag (the caller shows the notice). */
  visit(name: string, path: string): 'added' | 'exists' | 'full' {
    const { tags, showToggle } = useTabs.getState();
    const activate = (list: Tag[]) => list.map((t) => ({ ...t, isType: t.name === name }));
    if (tags.some((t) => t.name === name)) {
      useTabs.setState({ tags: activate(tags.map((t) => (t.name === name ? { ...t, path } : t))) });
      return 'exists';
    }
    if (tags.length >= TAB_CAP) return 'full';
    const next = activate([...tags, { name, path, isType: true }]);
    useTabs.setState({ tags: next, showToggle: toggleFor(next.length, showToggle) });
    return 'added';
  },

  /** Closes a tag; answers where to go when it was the current one. */
  close(name: string): string | null {
    const { tags, showToggle, collapsed } = useTabs.getState();
    const index = tags.findIndex((t) => t.name === name);
    if (index <= 0) return null; // the home tag cannot be closed
    const wasCurrent = tags[index]!.isType;
    const next = tags.filter((_, i) => i !== index);
    const toggle = toggleFor(next.length, showToggle);
    useTabs.setState({ tags: next, showToggle: toggle, collapsed: toggle && collapsed });
    return wasCurrent ? next[Math.min(index, next.length - 1)]!.path : null;
  },

  /** The 清空 tag: back to the home tag alone (the caller then opens the reset target). */
  clear() {
    useTabs.setState({ tags: [HOME_TAG], showToggle: false, collapsed: false });
  },

  toggle() {
    useTabs.setState((s) => ({ collapsed: !s.collapsed }));
  },
};
