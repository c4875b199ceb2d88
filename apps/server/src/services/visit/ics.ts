// A confirmed visit as an iCalendar file (RFC 5545): what 加入日历 downloads. The texts come from
// people (the subject, the place, names), so they are escaped and stripped here: nothing in them
// can end a line, start a property or be taken by a calendar for a line break.
export interface IcsEvent {
  uid: string;
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
}

/**
 * RFC 5545 CONTROL (every C0 character but the tab, and DEL), the C1 controls (NEL U+0085 among
 * them) and the line and paragraph separators U+2028, U+2029: none is allowed in TEXT, and a
 * calendar may take several of them for a line break.
 */
// eslint-disable-next-line no-control-regex
const NOT_TEXT = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g;

/** RFC 5545 TEXT: backslash, semicolon, comma and newlines escaped; the other controls dropped. */
export const icsText = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n').replace(NOT_TEXT, '');

const icsTime = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** Lines longer than 75 octets are folded (a CRLF and a space), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  for (const ch of line) {
    if (Buffer.byteLength(current + ch) > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
    }
    current += ch;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** The calendar file of one event, its times in UTC, each line ended by CRLF. */
export function icsCalendar(event: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//惠企通//企业走访//ZH',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsTime(event.stamp)}`,
    `DTSTART:${icsTime(event.start)}`,
    `DTEND:${icsTime(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `LOCATION:${icsText(event.location)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
