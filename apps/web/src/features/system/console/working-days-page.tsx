// 工作日历 (管理员): the State Council's holidays (放假) and the weekend days it makes working days
// (调休上班), one year at a time, month by month. Deadlines count working days from this calendar;
// a year is counted only once it is published (docs/working-days.md).
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Form, Input, Modal, Popconfirm, Radio, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CALENDAR_MAX_YEAR, CALENDAR_MIN_YEAR, DAY_MARKS, type CalendarDayInput, type CalendarDayRow, type DayMark } from '@hqt/contract/calendar';
import { MSG } from '@hqt/contract/messages';
import { isWeekend, weekdayOf } from '@hqt/contract/working-days';
import { useWrite } from '@/shared/lists/use-write';
import { toast } from '@/shared/ui/feedback';
import { calendarApi, calendarQueries } from '../api/calendar-queries';
import './working-days-page.css';

const WEEK_HEAD = ['一', '二', '三', '四', '五', '六', '日'];
const WEEKDAY = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const WRITES = [calendarQueries.all];

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (year: number, month: number, date: number) => `${year}-${pad(month)}-${pad(date)}`;
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const spoken = (day: string) => `${Number(day.slice(0, 4))}年${Number(day.slice(5, 7))}月${Number(day.slice(8))}日`;

export default function WorkingDaysPage() {
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('year'));
  const thisYear = new Date().getFullYear();
  const year = Number.isInteger(asked) && asked >= CALENDAR_MIN_YEAR && asked <= CALENDAR_MAX_YEAR ? asked : thisYear;
  const { data, isLoading } = useQuery(calendarQueries.year(year));
  const [editing, setEditing] = useState<string | null>(null);
  const publish = useWrite((published: boolean) => calendarApi.publish(year, published), WRITES);

  const go = (y: number) => {
    const next = new URLSearchParams(search);
    next.set('year', String(y));
    setSearch(next);
  };
  const marks = new Map((data?.days ?? []).map((d) => [d.date, d]));
  const holidays = data?.days.filter((d) => d.kind === 'holiday').length ?? 0;
  const workdays = (data?.days.length ?? 0) - holidays;

  const setPublished = async (published: boolean) => {
    try {
      void toast.success(await publish.mutateAsync(published));
    } catch {
      // the HTTP client has shown why (尚未标记任何放假日 …)
    }
  };

  return (
    <Card
      title={
        <Space wrap>
          <Button aria-label="上一年" onClick={() => go(year - 1)} disabled={year <= CALENDAR_MIN_YEAR}>
            ‹
          </Button>
          <span>{year}年工作日历</span>
          <Button aria-label="下一年" onClick={() => go(year + 1)} disabled={year >= CALENDAR_MAX_YEAR}>
            ›
          </Button>
          {data && (data.published ? <Tag color="green">已发布</Tag> : <Tag color="orange">未发布</Tag>)}
        </Space>
      }
      loading={isLoading}
      extra={
        data &&
        (data.published ? (
          <Popconfirm
            title={`撤回${year}年工作日历？`}
            description="撤回后，涉及该年度的办理时限将无法计算。"
            okText="撤回"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => setPublished(false)}
          >
            <Button loading={publish.isPending}>撤回发布</Button>
          </Popconfirm>
        ) : (
          <Button type="primary" loading={publish.isPending} onClick={() => void setPublished(true)}>
            发布本年度
          </Button>
        ))
      }
    >
      <Flex vertical gap={16}>
        {data && !data.published && (
          <Alert type="warning" showIcon message={`${year}年工作日历尚未发布：按国务院办公厅公布的节假日安排标记放假和调休上班后，请发布本年度。未发布的年度不计算办理时限。`} />
        )}
        <Typography.Text type="secondary">
          点击日期可设为放假、调休上班或恢复正常。本年度共标记放假 {holidays} 天、调休上班 {workdays} 天。
          <span className="working-days-legend">
            <Tag color="red">休</Tag>放假 <Tag color="blue">班</Tag>调休上班 <Tag>周末</Tag>周六、周日
          </span>
        </Typography.Text>
        <Row gutter={[16, 16]}>
          {Array.from({ length: 12 }, (_, i) => (
            <Col key={i} xs={24} sm={12} lg={8} xxl={6}>
              <Month year={year} month={i + 1} marks={marks} onPick={setEditing} />
            </Col>
          ))}
        </Row>
      </Flex>
      {editing && <DayDialog day={editing} mark={marks.get(editing)} onClose={() => setEditing(null)} />}
    </Card>
  );
}

/** One month, Monday first; each day a button that says what it is. */
function Month({ year, month, marks, onPick }: { year: number; month: number; marks: Map<string, CalendarDayRow>; onPick: (day: string) => void }) {
  const lead = (weekdayOf(dayOf(year, month, 1)) + 6) % 7;
  const cells = [...Array<null>(lead).fill(null), ...Array.from({ length: daysIn(year, month) }, (_, i) => dayOf(year, month, i + 1))];
  return (
    <section className="working-days-month" aria-label={`${month}月`}>
      <Typography.Title level={5}>{month}月</Typography.Title>
      <div className="working-days-grid">
        {WEEK_HEAD.map((w) => (
          <span key={w} className="working-days-head">
            {w}
          </span>
        ))}
        {cells.map((day, i) => {
          if (!day) return <span key={`lead-${i}`} />;
          const mark = marks.get(day);
          const kind = mark?.kind ?? (isWeekend(day) ? 'weekend' : 'normal');
          const what = mark ? `${DAY_MARKS[mark.kind]}：${mark.name}` : isWeekend(day) ? '周末' : '工作日';
          return (
            <button
              key={day}
              type="button"
              className={`working-days-day working-days-${kind}`}
              aria-label={`${spoken(day)} ${WEEKDAY[weekdayOf(day)]} ${what}`}
              title={mark?.name}
              onClick={() => onPick(day)}
            >
              {Number(day.slice(8))}
              {mark && <small>{mark.kind === 'holiday' ? '休' : '班'}</small>}
            </button>
          );
        })}
      </div>
    </section>
  );
}

interface DayForm {
  mark: DayMark;
  name: string;
}

/** 放假 on any day, 调休上班 on a weekend day only (the server refuses it on a weekday too). */
function DayDialog({ day, mark, onClose }: { day: string; mark: CalendarDayRow | undefined; onClose: () => void }) {
  const [form] = Form.useForm<DayForm>();
  const chosen = Form.useWatch('mark', form) ?? mark?.kind ?? 'normal';
  const save = useWrite((input: CalendarDayInput) => calendarApi.setDay(day, input), WRITES);
  const weekend = isWeekend(day);

  async function confirm() {
    let v: DayForm;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    try {
      await save.mutateAsync({ mark: v.mark, name: v.mark === 'normal' ? '' : v.name.trim() });
      void toast.success(MSG.saved);
      onClose();
    } catch {
      // the HTTP client has shown the server's message
    }
  }

  return (
    <Modal title={`${spoken(day)}（${WEEKDAY[weekdayOf(day)]}）`} open onCancel={onClose} onOk={confirm} okText="保存" cancelText="取消" confirmLoading={save.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ mark: mark?.kind ?? 'normal', name: mark?.name ?? '' }}>
        <Form.Item label="类型" name="mark" extra={weekend ? undefined : '调休上班只能设在周六或周日'}>
          <Radio.Group>
            <Radio value="holiday">{DAY_MARKS.holiday}</Radio>
            <Radio value="workday" disabled={!weekend}>
              {DAY_MARKS.workday}
            </Radio>
            <Radio value="normal">{DAY_MARKS.normal}</Radio>
          </Radio.Group>
        </Form.Item>
        {chosen !== 'normal' && (
          <Form.Item label="名称" name="name" rules={[{ required: true, whitespace: true, message: '请填写名称（如：春节、国庆节调休）' }]}>
            <Input maxLength={20} placeholder="如：春节、国庆节调休" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
