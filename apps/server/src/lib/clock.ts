// The app's idea of now, for the rules that compare a moment with it (a visit's start has passed,
// a 公示's end). In production it is the wall clock. A test moves it (`travel`) to bring a day
// on without waiting for the wall or writing into the database behind the service's back; the
// browser tests do so through the test-only route (plugins/clock.ts, TEST_CLOCK).
export class Clock {
  #offsetMs = 0;
  readonly #onTravel: ((kind: string) => Promise<unknown>)[] = [];

  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }

  /** Moves now to `offsetMs` from the wall (0: back to the wall). Test clocks only: nothing in the product calls it. */
  travel(offsetMs: number): void {
    this.#offsetMs = offsetMs;
  }

  /** What a move of the clock brings on (the flows' timers that came due), as the test route moves it. */
  onTravel(listener: (kind: string) => Promise<unknown>): void {
    this.#onTravel.push(listener);
  }

  /** Runs what a move brings on for one kind of item: the test route awaits it when asked (`runTimersOf`), so that kind's timers due on the moved day have been taken when it answers. */
  async caughtUp(kind: string): Promise<void> {
    for (const listener of this.#onTravel) await listener(kind);
  }
}
