// A visit's time as the enterprise picks it: one date-time range, on a phone without the keyboard.
// On a narrow screen the popup is drawn narrower: at antd's sizes its days and hours side by side
// are 401 px wide, and on a 375 px phone antd shifted it past the left edge (Monday's column cut
// off, those days not to be picked). Narrower day cells and hour columns make it 339 px.
import { ConfigProvider, DatePicker, type ThemeConfig } from 'antd';
import type { Dayjs } from 'dayjs';
import { useSyncExternalStore } from 'react';
import { useIsMobile } from '@/shared/lib/use-is-mobile';

export type Range = [Dayjs | null, Dayjs | null] | null;

/** Below this body width the picker's popup is the narrow one (antd's xs, phones). */
const NARROW_PICKER_PX = 576;
/** 7 × 30 px days + 2 × 18 px padding, 2 × 46 px hour and minute columns: 339 px with the border. */
const NARROW_PICKER_THEME: ThemeConfig = { components: { DatePicker: { cellWidth: 30, timeColumnWidth: 46 } } };

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const useIsNarrow = () => useSyncExternalStore(subscribe, () => document.body.clientWidth < NARROW_PICKER_PX);

export function TimeRange({ value, onChange, id, label }: { value?: Range; onChange?: (v: Range) => void; id?: string; label: string }) {
  const isMobile = useIsMobile();
  const narrow = useIsNarrow();
  return (
    <ConfigProvider theme={narrow ? NARROW_PICKER_THEME : undefined}>
      <DatePicker.RangePicker
        id={id}
        aria-label={label}
        showTime={{ format: 'HH:mm', minuteStep: 15 }}
        format="YYYY-MM-DD HH:mm"
        placeholder={['开始时间', '结束时间']}
        inputReadOnly={isMobile}
        value={value ?? null}
        onChange={(v) => onChange?.(v as Range)}
        placement="bottomLeft"
        style={{ width: '100%' }}
      />
    </ConfigProvider>
  );
}
