// Statements asked for on most requests, built once per database and prepared under a name: each
// pooled connection has PostgreSQL parse and plan them once, not on every call (in the mixed load a
// page's statement spent as long in the planner as in running). A statement with filters is
// prepared per shape (which filters are set), its values bound as placeholders. Only for the pool:
// a named statement runs on a pooled connection of its own, never in the caller's transaction.
import type { Db } from '../db/client';

/** `build(db, shape)` once per database and shape; the returned function hands out the statement. */
export function preparedPer<P>(build: (db: Db, shape: string) => P): (db: Db, shape?: string) => P {
  const byDb = new WeakMap<Db, Map<string, P>>();
  return (db, shape = '') => {
    let shapes = byDb.get(db);
    if (!shapes) byDb.set(db, (shapes = new Map()));
    let statement = shapes.get(shape);
    if (!statement) shapes.set(shape, (statement = build(db, shape)));
    return statement;
  };
}
