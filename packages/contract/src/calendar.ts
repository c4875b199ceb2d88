// The working-day calendar's console calls (services/calendar/ on the server, docs/working-days.md):
// staff read it (the 工作台 warns about a year without data), 管理员 mark days and publish years.
import Type from 'typebox';

const CALENDAR_BASE = '/api/console/calendar';

export const CALENDAR_PATHS = {
  /** Which years are published, and which the 工作台 warns about. */
  status: `${CALENDAR_BASE}/status`,
  /** One year's marked days and whether it is published. */
  year: `${CALENDAR_BASE}/years/:year`,
  /** Publish or withdraw a year (PUT). */
  yearPublished: `${CALENDAR_BASE}/years/:year/published`,
  /** Mark one day 放假, 调休上班 or back to normal (PUT). */
  day: `${CALENDAR_BASE}/days/:date`,
} as const;

export const CALENDAR_MIN_YEAR = 2000;
export const CALENDAR_MAX_YEAR = 2100;

/** What an administrator may mark a day: `normal` removes the mark (weekdays work, weekends rest). */
export const DAY_MARKS = { holiday: '放假', workday: '调休上班', normal: '正常' } as const;
export type DayMark = keyof typeof DAY_MARKS;

const Year = Type.Integer({ title: '年度', minimum: CALENDAR_MIN_YEAR, maximum: CALENDAR_MAX_YEAR, errorMessage: `年度须为 ${CALENDAR_MIN_YEAR} 至 ${CALENDAR_MAX_YEAR} 之间的整数` });
const Day = Type.String({ title: '日期', pattern: '^\\d{4}-\\d{2}-\\d{2}$', errorMessage: '日期格式应为 YYYY-MM-DD' });

export const CalendarYearParams = Type.Object({ year: Year });
export const CalendarDayParams = Type.Object({ date: Day });

export const CalendarDayRow = Type.Object({
  date: Type.String(),
  kind: Type.Enum(['holiday', 'workday'] as const),
  name: Type.String(),
});
export type CalendarDayRow = Type.Static<typeof CalendarDayRow>;

export const CalendarYear = Type.Object({
  year: Type.Integer(),
  published: Type.Boolean(),
  publishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  days: Type.Array(CalendarDayRow),
});
export type CalendarYear = Type.Static<typeof CalendarYear>;

export const CalendarStatus = Type.Object({
  /** Today in China, 'YYYY-MM-DD'. */
  today: Type.String(),
  published: Type.Array(Type.Integer()),
  /** This year, and next year within 60 days of its start, when not published: the 工作台's warning. */
  missing: Type.Array(Type.Integer()),
});
export type CalendarStatus = Type.Static<typeof CalendarStatus>;

export const CalendarDayInput = Type.Object({
  mark: Type.Enum(Object.keys(DAY_MARKS) as DayMark[], { title: '类型', errorMessage: '类型须为放假、调休上班或正常' }),
  /** The holiday's name (春节, 国庆节调休); not kept for `normal`. */
  name: Type.String({ title: '名称', maxLength: 20, errorMessage: '名称不能超过 20 个字' }),
});
export type CalendarDayInput = Type.Static<typeof CalendarDayInput>;

export const CalendarPublishInput = Type.Object({ published: Type.Boolean({ title: '是否发布' }) });
export type CalendarPublishInput = Type.Static<typeof CalendarPublishInput>;

export const CALENDAR_MSG = {
  invalidDay: '日期不存在',
  nameRequired: '请填写名称（如：春节、国庆节调休）',
  workdayOnWeekend: '调休上班只能设在周六或周日',
  yearOutOfRange: `年度须为 ${CALENDAR_MIN_YEAR} 至 ${CALENDAR_MAX_YEAR} 之间的整数`,
  emptyYear: (year: number) => `${year}年尚未标记任何放假日，不能发布`,
  missing: (years: readonly number[]) => `${years.join('、')}年的工作日历尚未发布，办理时限将无法计算，请管理员尽快维护`,
  published: (year: number) => `${year}年工作日历已发布`,
  withdrawn: (year: number) => `${year}年工作日历已撤回`,
} as const;
