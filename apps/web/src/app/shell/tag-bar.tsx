import { Tag as AntTag, theme } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { TAB_TOGGLE_THRESHOLD } from '@hqt/contract/constants';
import { TAGS_RESET_PATH } from '@/config/routes';
import { tabs, useTabs } from './tabs-store';

/**
 * A tag's text as a button: the keyboard reaches each tag with Tab and opens it with Enter or Space
 * (the press is a click, which the tag handles as it does the mouse's).
 */
function TagButton({ children }: { children: ReactNode }) {
  return (
    <button type="button" style={TAG_BUTTON}>
      {children}
    </button>
  );
}
const TAG_BUTTON = { background: 'none', border: 0, padding: 0, color: 'inherit', font: 'inherit', cursor: 'pointer' } as const;

/** The breadcrumb tag bar: one tag per visited page, 清空 resets, a toggle folds long rows. */
export function TagBar() {
  const { tags, showToggle, collapsed } = useTabs();
  const navigate = useNavigate();
  const { token } = theme.useToken(); // the current tag follows the chosen theme
  const shown = showToggle && collapsed ? tags.slice(0, TAB_TOGGLE_THRESHOLD) : tags;

  return (
    <nav className="tag-bar" aria-label="已打开的页面">
      {shown.map((tag, index) => (
        <AntTag
          key={tag.name}
          // The current tag: solid in the theme's primary colour, its text and close mark in the colour read on it.
          color={tag.isType ? token.colorPrimary : undefined}
          variant={tag.isType ? 'solid' : undefined}
          closable={index > 0}
          onClose={(e) => {
            e.preventDefault();
            const next = tabs.close(tag.name);
            if (next) void navigate(next);
          }}
          onClick={() => void navigate(tag.path)}
          className={tag.isType ? 'tag-current' : undefined}
          aria-current={tag.isType ? 'page' : undefined}
          style={{ cursor: 'pointer' }}
        >
          <TagButton>{tag.name}</TagButton>
        </AntTag>
      ))}
      {showToggle && (
        <AntTag className="tag-toggle" onClick={() => tabs.toggle()} style={{ cursor: 'pointer' }}>
          <TagButton>{collapsed ? `展开（${tags.length}）` : '收起'}</TagButton>
        </AntTag>
      )}
      <AntTag
        className="tag-clear"
        onClick={() => {
          tabs.clear();
          void navigate(TAGS_RESET_PATH);
        }}
        style={{ cursor: 'pointer' }}
      >
        <TagButton>清空</TagButton>
      </AntTag>
    </nav>
  );
}
