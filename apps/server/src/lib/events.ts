// Domain events between services, inside the transaction of the change that raised them (immich's
// `@OnEvent`, without decorators): the service that raises one does not import the services that
// act on it, so a foundation service (auth) can announce what domain services (entcode) build on.
// A listener runs in the emitter's transaction: what it writes commits or rolls back with the change.
// Every workflow step is an event too (`<kind>.<step>`, emitted by lib/workflow.ts's `step()`).
import type { DbOrTx } from '../db/client';
import type { Ctx } from './ctx';

/**
 * Every event by name, with its payload. A service declares the events it raises here or, for its
 * own, by augmenting this interface beside its code (`declare module '../../lib/events'`).
 */
export interface DomainEvents {
  /** A live enterprise row was added (registration, the demo). */
  'enterprise.created': { id: number; creditCode: string };
}

export type EventName = keyof DomainEvents;

/** A workflow step as taken (lib/workflow.ts announces every one): the item, its states, who took it. */
export interface StepEvent {
  kind: string;
  step: string;
  id: number;
  from: string;
  to: string;
  stepId: number;
  ctx: Ctx;
}
export type StepListener = (tx: DbOrTx, taken: StepEvent) => Promise<unknown>;
export type Listener<K extends EventName> = (tx: DbOrTx, payload: DomainEvents[K]) => Promise<unknown>;

/** One app's listeners, registered while its plugins load; `emit` runs them in order. */
export class Events {
  readonly #listeners = new Map<EventName, Listener<EventName>[]>();

  on<K extends EventName>(name: K, listener: Listener<K>): void {
    this.#listeners.set(name, [...(this.#listeners.get(name) ?? []), listener as Listener<EventName>]);
  }

  async emit<K extends EventName>(tx: DbOrTx, name: K, payload: DomainEvents[K]): Promise<void> {
    for (const listener of this.#listeners.get(name) ?? []) await listener(tx, payload);
  }

  readonly #stepListeners = new Map<string, StepListener[]>();

  /** Listens to the steps taken on items of `kind` (`<kind>.<step>`); `steps` narrows it to those named. */
  onStep(kind: string, steps: readonly string[] | '*', listener: StepListener): void {
    for (const key of steps === '*' ? [kind] : steps.map((s) => `${kind}.${s}`)) {
      this.#stepListeners.set(key, [...(this.#stepListeners.get(key) ?? []), listener]);
    }
  }

  async emitStep(tx: DbOrTx, taken: StepEvent): Promise<void> {
    for (const key of [taken.kind, `${taken.kind}.${taken.step}`]) {
      for (const listener of this.#stepListeners.get(key) ?? []) await listener(tx, taken);
    }
  }
}
