import { Dropdown } from 'antd';
import { useRef, useState, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import { logout } from '@/shared/api/auth-api';
import { displayName } from '@/shared/lib/display-name';
import { useSession } from '@/shared/session/session-store';

export type DialogName = 'profile' | 'password' | 'theme' | null;

/**
 * The header's account area: the greeting (欢迎您，… ▾) with the account's menu, 个人中心, 退出登录.
 * The menu opens on hover and on a click (a keyboard's Enter, a tap). A click on the greeting opens it
 * and never closes it: the pointer on its way to the greeting has usually opened it already (hover,
 * after 0.15 s), and a click that toggled would close it under the user's eyes. Opened by hover, it
 * closes as the pointer leaves; once clicked, it stays (pinned) until Escape, a click elsewhere or a
 * choice in it: on the way from the greeting to an entry the pointer may cross the header while the
 * menu still slides into place, and a menu that closed then would lose the user's next click (CI, 2
 * Dec: the entry under the header, then gone).
 * The menu is rendered inside the header (getPopupContainer), which is sticky: in <body> it sat at a
 * place in the page, so a scroll of the page carried it up with the content, and antd put it back
 * under the greeting only after the scroll's event (not at all while it slid in). A click begun on an
 * entry in between ended elsewhere: no entry's click (CI: the page scrolled, the menu still open, no
 * dialog).
 */
export function UserArea({ onDialog, greeting }: { onDialog: (d: DialogName) => void; greeting: RefObject<HTMLButtonElement | null> }) {
  const name = useSession((s) => s.name);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [pinned, setPinned] = useState(false);
  // Set while the greeting's own click is dispatched (its capture phase runs before the menu's toggle).
  const clicking = useRef(false);
  if (!name) {
    return (
      <Link to="/login" className="user-area">
        登录/注册
      </Link>
    );
  }
  const items = [
    { key: 'home', label: '首页', onClick: () => navigate('/') },
    { key: 'profile', label: '个人资料', onClick: () => onDialog('profile') },
    { key: 'password', label: '修改密码', onClick: () => onDialog('password') },
    { key: 'theme', label: '主题切换', onClick: () => onDialog('theme') },
    { type: 'divider' as const },
    { key: 'logout', label: '退出登录', onClick: () => void logout() },
  ];
  return (
    <div className="user-area">
      <Dropdown
        menu={{ items }}
        getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
        trigger={pinned ? ['click'] : ['click', 'hover']}
        open={open}
        onOpenChange={(next) => {
          if (!next && clicking.current) return;
          setOpen(next);
          if (!next) setPinned(false);
        }}
      >
        <button
          type="button"
          className="user-name"
          title={name}
          ref={greeting}
          onClickCapture={() => (clicking.current = true)}
          onClick={() => {
            clicking.current = false;
            setOpen(true);
            setPinned(true);
          }}
        >
          欢迎您，{displayName(name)}
        </button>
      </Dropdown>
      <Link to="/personal/personal" className="user-personal">
        个人中心
      </Link>
      <button type="button" className="link-button" onClick={() => void logout()}>
        退出登录
      </button>
    </div>
  );
}
