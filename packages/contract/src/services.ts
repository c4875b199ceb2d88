// Every service's declaration (service.ts), one line each: the message centre's sources and kinds,
// the audit log's names and the dictionaries are collected from here.
import { APPEAL_SERVICE } from './appeal';
import { APPLY_SERVICE } from './apply';
import { ENTCODE_SERVICE } from './entcode';
import { PAYOUT_SERVICE } from './payout';
import { PUSH_SERVICE } from './push';
import { QA_SERVICE } from './qa';
import { VISIT_SERVICE } from './visit';

/** In the order the message centre lists their sources. */
export const SERVICES = [PUSH_SERVICE, APPEAL_SERVICE, VISIT_SERVICE, ENTCODE_SERVICE, APPLY_SERVICE, PAYOUT_SERVICE, QA_SERVICE] as const;

type Declared = (typeof SERVICES)[number];
/** The declarations' records of one field, as one record (their keys are the services' own). */
type Merged<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? { [K in keyof I]: I[K] } : never;
const merged = <F extends 'messageSources' | 'dictionaries'>(field: F) => Object.assign({}, ...SERVICES.map((s) => s[field])) as Merged<Declared[F]>;

export const SERVICE_MESSAGE_SOURCES = merged('messageSources');
export const SERVICE_DICTIONARIES = merged('dictionaries');
export const SERVICE_MESSAGE_KINDS: Record<string, { label: string; source: string }> = Object.fromEntries(
  SERVICES.flatMap((s) => (s.messages ? Object.entries(s.messages.kinds).map(([kind, label]) => [kind, { label, source: s.messages.source }]) : [])),
);
export const SERVICE_AUDIT_ACTIONS: Record<string, string> = Object.assign({}, ...SERVICES.map((s) => s.audit.actions));
export const SERVICE_AUDIT_DETAILS: Record<string, string> = Object.assign({}, ...SERVICES.map((s) => s.audit.details));
