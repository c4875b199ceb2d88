import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './account';

/**
 * Every step a workflow took (lib/workflow.ts): an item's timeline, oldest first. Rows can be
 * neither updated nor deleted (a trigger, migration 0015), like the audit log's.
 */
export const workflowSteps = pgTable(
  'workflow_steps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the step moved, e.g. `policy`, `guide`, `topic`, and its row's id. */
    subjectKind: text('subject_kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    step: text('step').notNull(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    actorId: integer('actor_id').references(() => accounts.id, { onDelete: 'no action' }),
    /** The actor's role when the step was taken (a RoleKey: staff, admin, enterprise). */
    actorRole: text('actor_role').notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflow_steps_subject_idx').on(t.subjectKind, t.subjectId, t.id)],
);
