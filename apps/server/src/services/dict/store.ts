// Dictionaries are read on nearly every page and change rarely: each node keeps them in memory
// and drops its copy the moment PostgreSQL says they changed (a trigger on dict_items notifies
// `hqt_dict_changed`). While the listening connection is down the copy is not trusted: every read
// goes to the database until the listener is back, so no node serves a stale label for long.
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { DICT_TYPES, type DictItem, type DictType } from '@hqt/contract/policy';
import type { Db } from '../../db/client';
import { dictItems } from '../../db/schema/index';

/** A disabled item is offered no more, but the content that uses it keeps its label. */
export type StoredDictItem = DictItem & { disabled: boolean };
export type Dictionaries = ReadonlyMap<string, ReadonlyMap<string, StoredDictItem>>;

const CHANNEL = 'hqt_dict_changed';
const RECONNECT_MS = 1000;
/** A listening connection can die silently (a dropped NAT entry): it is asked for a sign of life. */
const HEARTBEAT_MS = 15_000;

export class DictionaryStore {
  private cached: Promise<Dictionaries> | null = null;
  private listening = false;
  private listener: pg.Client | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly connectionString: string,
    private readonly onError: (err: Error) => void,
  ) {}

  /** Connects the listener; resolves once it listens (reads before that go to the database). */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true });
    this.listener = client;
    const lost = (err?: Error) => {
      if (this.listener !== client) return;
      // Said once per outage, not once per retry.
      if (err && this.listening) this.onError(err);
      if (this.heartbeat) clearInterval(this.heartbeat);
      this.listening = false;
      this.cached = null;
      this.listener = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      if (!this.closed) this.reconnectTimer = setTimeout(() => void this.start().catch(() => {}), RECONNECT_MS);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', () => this.invalidate());
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      // A change made while the listener was away is caught here.
      this.invalidate();
      this.listening = true;
      this.heartbeat = setInterval(() => void client.query('select 1').catch((e: Error) => lost(e)), HEARTBEAT_MS);
      this.heartbeat.unref();
    } catch (err) {
      lost(err as Error);
    }
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    const client = this.listener;
    this.listener = null;
    this.listening = false;
    await client?.end().catch(() => {});
  }

  invalidate(): void {
    this.cached = null;
  }

  async all(): Promise<Dictionaries> {
    if (!this.listening) return this.load();
    if (!this.cached) {
      const loading: Promise<Dictionaries> = this.load().catch((err: unknown) => {
        if (this.cached === loading) this.cached = null; // a newer load stays
        throw err;
      });
      this.cached = loading;
    }
    return this.cached;
  }

  /** What a select list offers: the items in use, without the disabled ones. */
  async items(type: DictType): Promise<DictItem[]> {
    return [...((await this.all()).get(type)?.values() ?? [])].filter((i) => !i.disabled).map(({ code, label, extra }) => ({ code, label, extra }));
  }

  private async load(): Promise<Dictionaries> {
    const rows = await this.db.select().from(dictItems).orderBy(asc(dictItems.dictType), asc(dictItems.sort), asc(dictItems.id));
    const dicts = new Map<string, Map<string, StoredDictItem>>();
    for (const r of rows) {
      if (!dicts.has(r.dictType)) dicts.set(r.dictType, new Map());
      dicts.get(r.dictType)!.set(r.code, { code: r.code, label: r.label, extra: r.extra ?? null, disabled: r.disabled });
    }
    return dicts;
  }
}

/** A code's label (a disabled code's too), or the code itself when the dictionary no longer has it. */
export const dictLabel = (dicts: Dictionaries, type: DictType, code: string) => dicts.get(type)?.get(code)?.label ?? code;

/** A dictionary named by our key (policyLevel) or by its Chinese name (政策层级), as the spec's client sends it. */
export const dictTypeOf = (name: string): DictType | undefined =>
  (Object.keys(DICT_TYPES) as DictType[]).find((k) => k === name || DICT_TYPES[k] === name);
