// A service declares, the house collects (docs/adding-a-service.md): each service's contract file
// declares what the shared parts list of it — its message source and kinds, its audit actions and
// detail keys, the dictionaries it brings with their reference items, its number prefixes and its flows
// — with `defineService`, and `services.ts` lists the declarations once. The message centre
// (inbox.ts), the audit log (audit.ts) and the dictionaries (policy.ts DICT_TYPES, the server's
// reference data) are built from that list: adding a service edits its own file and one line there.
import type { Flow } from './workflow';

/** A dictionary's reference item: code, label, and its extra values (an appeal category's limitDays). */
export type DictSeed = readonly [code: string, label: string, extra?: Readonly<Record<string, string | number>>];

export interface ServiceDeclaration {
  key: string;
  /** Its name in Chinese, e.g. 企业诉求. */
  name: string;
  /** The message centre's sources it brings (key → label); its messages may also use another's. */
  messageSources: Readonly<Record<string, string>>;
  /** Its message kinds (`<service>.<what>` → label), each with the source it is filed under. */
  messages: { source: string; kinds: Readonly<Record<string, string>> } | null;
  /** Its audit actions (→ their names in the log) and the keys its audit details add (→ their names). */
  audit: { actions: Readonly<Record<string, string>>; details: Readonly<Record<string, string>> };
  /** The dictionaries it brings (type → its name and the reference items a new database gets). */
  dictionaries: Readonly<Record<string, { name: string; seed: readonly DictSeed[] }>>;
  /** The series its items are numbered in (lib/numbering.ts), e.g. SQ. */
  numberPrefixes: readonly string[];
  flows: readonly Flow[];
}

export const defineService = <const D extends ServiceDeclaration>(service: D): D => service;
