// A visit's time as the enterprise picks it: one date-time range, on a phone without the keyboard.
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useIsMobile } from '@/shared/lib/use-is-mobile';

export type Range = [Dayjs | null, Dayjs | null] | null;

export function TimeRange({ value, onChange, id, label }: { value?: Range; onChange?: (v: Range) => void; id?: string; label: string }) {
  const isMobile = useIsMobile();
  return (
    <DatePicker.RangePicker
      id={id}
      aria-label={label}
      showTime={{ format: 'HH:mm', minuteStep: 15 }}
      format="YYYY-MM-DD HH:mm"
      placeholder={['开始时间', '结束时间']}
      inputReadOnly={isMobile}
      value={value ?? null}
      onChange={(v) => onChange?.(v as Range)}
      style={{ width: '100%' }}
    />
  );
}
