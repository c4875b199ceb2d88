import { Modal, Radio, Space, Switch } from 'antd';
import { useState } from 'react';
import { THEMES, type ThemeId } from '@hqt/contract/constants';
import { storedLook, storeLook } from '@/shared/ui/themes';

const SWATCHES: Record<ThemeId, string> = { 0: '#1658d8', 1: '#c41d1d', 2: '#141414', 3: '#0b7a6b', 4: '#6b3fc2' };

/** 主题切换: the number is kept under `theme`, with 大字 and 关怀版 beside it; the page reloads (spec §4). */
export function ThemeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [look, setLook] = useState(storedLook);

  function apply() {
    storeLook(look);
    location.reload();
  }

  return (
    <Modal title="主题切换" open={open} onCancel={onClose} onOk={apply} okText="确定" cancelText="取消" destroyOnHidden>
      <Radio.Group value={look.theme} onChange={(e) => setLook({ ...look, theme: e.target.value as ThemeId })} aria-label="主题">
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
        <Switch id="large-text" checked={look.largeText} onChange={(largeText) => setLook({ ...look, largeText })} />
        <label htmlFor="large-text">大字模式</label>
      </div>
      <div style={{ marginTop: 12, display: 'flex', alignItems: 'center', gap: 8 }}>
        <Switch id="care-mode" checked={look.care} onChange={(care) => setLook({ ...look, care })} />
        <label htmlFor="care-mode">关怀版（适老化：大字、高对比、大按钮、无动画）</label>
      </div>
    </Modal>
  );
}
