// The 工作台's warning about a year with no published working-day calendar (this year, and next
// year from 60 days before it): deadlines in such a year cannot be counted. 管理员 get the way there.
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { ROLES } from '@hqt/contract/auth';
import { CALENDAR_MSG } from '@hqt/contract/calendar';
import { ADMIN_BASE } from '@/config/routes';
import { useSession } from '@/shared/session/session-store';
import { calendarQueries } from '../api/calendar-queries';

/** The page's address, as the system module registers it. */
const WORKING_DAYS_PATH = `${ADMIN_BASE}/working-days`;

export default function CalendarWarning() {
  const { data } = useQuery(calendarQueries.status());
  const isAdmin = useSession((s) => s.roles.includes(ROLES.admin.name));
  if (!data?.missing.length) return null;
  const first = data.missing[0]!;
  return (
    <Alert
      type="warning"
      showIcon
      message={CALENDAR_MSG.missing(data.missing)}
      action={isAdmin ? <Link to={`${WORKING_DAYS_PATH}?year=${first}`}>维护工作日历</Link> : undefined}
    />
  );
}
