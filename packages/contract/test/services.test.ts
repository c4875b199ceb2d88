// The services' declarations (src/service.ts, collected in src/services.ts): each names only what is
// its own, nothing is declared twice, and what they declare is what the shared lists hold.
import { describe, expect, test } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_DETAIL_LABELS, BASE_AUDIT_ACTION_LABELS, BASE_AUDIT_DETAIL_LABELS } from '../src/audit';
import { MESSAGE_KINDS, MESSAGE_SOURCES } from '../src/inbox';
import { DICT_TYPES } from '../src/dictionaries';
import { SERVICES } from '../src/services';

const all = <T>(pick: (s: (typeof SERVICES)[number]) => readonly T[]) => SERVICES.flatMap(pick);
const twice = (values: readonly string[]) => values.filter((v, i) => values.indexOf(v) !== i);

describe('the services’ declarations', () => {
  test('keys, message kinds, audit actions, detail keys, dictionaries and number prefixes are each declared once', () => {
    expect(twice(SERVICES.map((s) => s.key))).toEqual([]);
    expect(twice(all((s) => Object.keys(s.messages?.kinds ?? {})))).toEqual([]);
    expect(twice(all((s) => Object.keys(s.audit.actions)))).toEqual([]);
    expect(twice(all((s) => Object.keys(s.audit.details)))).toEqual([]);
    expect(twice(all((s) => Object.keys(s.dictionaries)))).toEqual([]);
    expect(twice(all((s) => s.numberPrefixes))).toEqual([]);
  });

  test('no service renames what the house already names: a detail key or an action of the base is never one of its own', () => {
    // A service's `amount: '追回金额'` had renamed every row's 金额 in the log.
    expect(all((s) => Object.keys(s.audit.details)).filter((k) => k in BASE_AUDIT_DETAIL_LABELS)).toEqual([]);
    expect(all((s) => Object.keys(s.audit.actions)).filter((k) => k in BASE_AUDIT_ACTION_LABELS)).toEqual([]);
  });

  test.each(SERVICES.map((s) => [s.name, s] as const))('%s names only its own kinds and actions, under a source the message centre has', (_name, s) => {
    for (const kind of Object.keys(s.messages?.kinds ?? {})) expect(kind.startsWith(`${s.key}.`), kind).toBe(true);
    for (const action of Object.keys(s.audit.actions)) expect(action.split('.')[0], action).toMatch(s.key === 'push' ? /^subscription$/ : new RegExp(`^${s.key}$`));
    if (s.messages) expect(MESSAGE_SOURCES).toHaveProperty([s.messages.source]);
    // What its flow tells people of is one of its own message kinds.
    for (const step of s.flows.flatMap((f) => Object.values(f.steps))) for (const n of step.notify ?? []) expect(s.messages?.kinds, n.kind).toHaveProperty([n.kind]);
    for (const prefix of s.numberPrefixes) expect(prefix).toMatch(/^[A-Z]{2}$/);
  });

  test('the message centre, the audit log and the dictionaries hold every declaration, with its words', () => {
    for (const s of SERVICES) {
      for (const [kind, label] of Object.entries(s.messages?.kinds ?? {})) expect(MESSAGE_KINDS[kind]).toEqual({ label, source: s.messages!.source });
      for (const [action, label] of Object.entries(s.audit.actions)) expect(AUDIT_ACTION_LABELS[action]).toBe(label);
      for (const [key, label] of Object.entries(s.audit.details)) expect(AUDIT_DETAIL_LABELS[key]).toBe(label);
      for (const [type, d] of Object.entries(s.dictionaries)) {
        expect((DICT_TYPES as Record<string, string>)[type]).toBe(d.name);
        expect(twice((d.seed as readonly (readonly [string, string])[]).map(([code]) => code))).toEqual([]);
      }
    }
    // The sources in the order the inbox's filter offers them, the system's last.
    expect(Object.keys(MESSAGE_SOURCES)).toEqual(['policy', 'appeal', 'visit', 'apply', 'system']);
  });
});
