// The .ics text builder (services/visit/ics.ts): what people wrote (a subject, a place) can neither
// end a line of the calendar file nor reach it as a character a calendar takes for a line break.
import { describe, expect, it } from 'vitest';
import { icsCalendar, icsText } from '../../src/services/visit/ics';

const event = (text: string) =>
  icsCalendar({ uid: 'visit-1@hqt.example.cn', stamp: new Date(0), start: new Date(3_600_000), end: new Date(7_200_000), summary: text, location: text, description: text });

describe('the .ics text', () => {
  it('escapes backslash, semicolon, comma and every newline per RFC 5545', () => {
    expect(icsText('政策宣讲;技改,贷款\\答疑')).toBe('政策宣讲\\;技改\\,贷款\\\\答疑');
    expect(icsText('一\r\n二\n三\r四')).toBe('一\\n二\\n三\\n四');
  });

  it('drops vertical tab, form feed, NEL, U+2028, U+2029 and every other control but the tab', () => {
    const raw = '甲\u000b乙\u000c丙\u0085丁\u2028戊\u2029己\u0000庚\u001b辛\u007f壬\u009b癸\t末';
    expect(icsText(raw)).toBe('甲乙丙丁戊己庚辛壬癸\t末');
  });

  it('a file made of such texts has CRLF line ends only, and no character of those anywhere', () => {
    const body = event('创业路 8 号\u000bB 座\u2028SUMMARY:伪造\u0085DTSTART:19700101T000000Z\u000c3 楼'.repeat(4));
    // eslint-disable-next-line no-control-regex
    expect(body).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/);
    const lines = body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    for (const line of lines) expect(line).not.toMatch(/[\r\n]/);
    // Every line is a property or a fold's continuation: nothing a text wrote starts a line.
    expect(lines.filter((l) => l && !l.startsWith(' ')).map((l) => l.split(/[:;]/)[0])).toEqual([
      'BEGIN', 'VERSION', 'PRODID', 'CALSCALE', 'METHOD', 'BEGIN', 'UID', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY', 'LOCATION', 'DESCRIPTION', 'END', 'END',
    ]);
  });
});
