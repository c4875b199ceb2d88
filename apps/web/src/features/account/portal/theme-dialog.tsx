import { Modal, Radio, Space, Switch } from 'antd';
import { useState } from 'react';
import { THEME_STORAGE_KEY, THEMES, type ThemeId } from '@hqt/contract/constants';
import { LARGE_TEXT_KEY, storedLargeText, storedTheme } from '@/shared/ui/themes';

const SWATCHES: Record<ThemeId, string> = { 0: '#1658d8', 1: '#c41d1d', 2: '#141414', 3: '#0e8f7e', 4: '#6b3fc2' };

/** 主题切换: the number is kept under `theme`, and the page reloads (spec §4). */
export function ThemeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [themeId, setThemeId] = useState<ThemeId>(storedTheme);
  const [largeText, setLargeText] = useState(storedLargeText);

  function apply() {
    localStorage.setItem(THEME_STORAGE_KEY, String(themeId));
    localStorage.setItem(LARGE_TEXT_KEY, largeText ? '1' : '0');
    location.reload();
  }

  return (
    <Modal title="主题切换" open={open} onCancel={onClose} onOk={apply} okText="确定" cancelText="取消" destroyOnHidden>
      <Radio.Group value={themeId} onChange={(e) => setThemeId(e.target.value as ThemeId)} aria-label="主题">
        <Space orientation="vertical">
          {THEMES.map((t) => (
            <Radio key={t.id} value={t.id}>
              <span className="theme-swatch" style={{ background: SWATCHES[t.id] }} aria-hidden />
              {t.label}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      <div style={{ marginTop: 16, display: 'flex', alignItems: 'center', gap: 8 }}>
        <Switch id="large-text" checked={largeText} onChange={setLargeText} />
        <label htmlFor="large-text">大字模式（适老化）</label>
      </div>
    </Modal>
  );
}
