// Workflows as plain data (docs/workflow.md): a flow names its states and the steps between them —
// from which states, to which, who may take it (roles, the owner only) and what it needs (a note).
// The server's `step()` (apps/server/src/lib/workflow.ts) takes a step only if `stepRefusal` finds
// nothing to refuse, and the web draws a button for exactly the steps `permittedSteps` answers, so
// the two can never disagree about what may be done.
import Type from 'typebox';
import { ROLES } from './auth';

export type RoleKey = keyof typeof ROLES;
/** Who may take a step: a role, the system itself (a scheduled job), or a visitor without an account (a 公示's objector). */
export type Taker = RoleKey | 'system' | 'visitor';

/**
 * Who hears of a step in the message centre, resolved by the server's message centre: the item's
 * owner (the live accounts of its enterprise), its handler (the service says who that is: an
 * appeal's 经办人, a visit's lead), its participants (the staff the service names as working on it:
 * a visit's team), or the administrators. Whoever took the step is not told of it.
 */
export type Audience = 'owner' | 'handler' | 'participants' | 'admins';
export interface StepNotice {
  to: Audience;
  /** The message kind (`<service>.<what>`, in contract/inbox.ts), rendered by the service. */
  kind: string;
}

export interface FlowStep<S extends string> {
  /** The button's and the timeline's word, e.g. 发布. */
  label: string;
  from: readonly S[];
  /** Absent: the step keeps the item where it is (assigning a handler, an internal note). */
  to?: S;
  roles: readonly Taker[];
  /** Only the account that owns the item (e.g. the enterprise that filed an appeal) may take it. */
  ownerOnly?: boolean;
  /** A note the actor must write (a reason for sending back, a reply). */
  noteRequired?: boolean;
  /** Staff's own business (an internal note): never in the owner's timeline or messages. */
  internal?: boolean;
  /**
   * Taken only as what another item's step causes (a 公示's publishing moves its applications on, an
   * objection's decision takes one out): never a request's step, never a button.
   */
  indirect?: boolean;
  /** Who is told of it, and with which message kind. */
  notify?: readonly StepNotice[];
  // What the web's step dialog (apps/web shared/workflow/step-dialog.tsx) needs, said once here.
  /** The step's button: the one usually taken (primary), or one that refuses or ends (danger). */
  tone?: 'primary' | 'danger';
  /** What the dialog says before its fields, when it says the same of every item. */
  confirm?: string;
  /** The note field's label (who reads it, whether optional); a step with no label asks a note only if required. */
  noteLabel?: string;
  notePlaceholder?: string;
  /** A step that cannot be undone: the sentence the actor ticks before it is sent. */
  acknowledge?: string;
}

/**
 * A step the system takes by itself on an item left in a state (AASM's timed events): `take`, once
 * `after` has passed since the item last entered `in`. One job runs every flow's timers (the server's
 * lib/flow-timers.ts); the step is a `system` step from `in`.
 */
export interface FlowTimer<S extends string, K extends string> {
  in: S;
  /** Since the item entered `in`, in days or working days; or once the moment in its own column `until` (a 公示's end) has passed. */
  after: { days: number } | { workingDays: number } | { until: string };
  take: K;
}

export interface Flow<S extends string = string, K extends string = string, I extends K = K> {
  states: Readonly<Record<S, string>>;
  steps: Readonly<Record<K, FlowStep<S>>>;
  /**
   * The steps that open an item (AASM's initial state): each is taken from no state (`from: []`) to
   * the state the item is filed in, by the server's `start()` in the filing's transaction, and is the
   * first row of the item's timeline. Never a button.
   */
  initial: readonly I[];
  timers?: readonly FlowTimer<NoInfer<S>, NoInfer<K>>[];
}

/** Declares a flow, keeping its state, step and opening step names as types. */
export const defineFlow = <S extends string, K extends string, const I extends K>(flow: Flow<S, K, I>): Flow<S, K, I> => flow;

export const roleKeyOf = (roleId: number): RoleKey | null => (Object.keys(ROLES) as RoleKey[]).find((k) => ROLES[k].id === roleId) ?? null;
export const roleKeyOfName = (name: string): RoleKey | null => (Object.keys(ROLES) as RoleKey[]).find((k) => ROLES[k].name === name) ?? null;

export const WORKFLOW_MSG = {
  notFrom: (state: string, step: string) => `当前状态为「${state}」，不能${step}`,
  roleNotAllowed: (step: string) => `您的角色不能${step}`,
  ownerOnly: (step: string) => `只有提交人本人可以${step}`,
  noteRequired: (step: string) => `${step}须填写说明`,
} as const;

export interface StepRefusal {
  status: 400 | 403 | 409;
  msg: string;
}

/**
 * Why this role (owner or not) may not take `step` from `state`, or null when it may: the role first
 * (403: the actor may never take it), then the state (409: not from here, naming the state).
 */
function takeRefusal<S extends string, K extends string>(flow: Flow<S, K>, state: S, step: K, role: Taker | null, isOwner: boolean): StepRefusal | null {
  const s = flow.steps[step];
  if (role === null || !s.roles.includes(role)) return { status: 403, msg: WORKFLOW_MSG.roleNotAllowed(s.label) };
  if (s.ownerOnly && !isOwner) return { status: 403, msg: WORKFLOW_MSG.ownerOnly(s.label) };
  if (!s.from.includes(state)) return { status: 409, msg: WORKFLOW_MSG.notFrom(flow.states[state] ?? state, s.label) };
  return null;
}

/** `takeRefusal`, then what the step needs (400: its note). */
export function stepRefusal<S extends string, K extends string>(
  flow: Flow<S, K>,
  state: S,
  step: K,
  role: Taker | null,
  isOwner: boolean,
  note: string | null = null,
): StepRefusal | null {
  const refusal = takeRefusal(flow, state, step, role, isOwner);
  if (refusal) return refusal;
  const s = flow.steps[step];
  return s.noteRequired && !note?.trim() ? { status: 400, msg: WORKFLOW_MSG.noteRequired(s.label) } : null;
}

/** The steps that may be asked for on an existing item: all but the opening and the indirect ones (a request's `step`). */
export const laterSteps = <S extends string, K extends string, I extends K>(flow: Flow<S, K, I>): Exclude<K, I>[] =>
  (Object.keys(flow.steps) as K[]).filter((k): k is Exclude<K, I> => !(flow.initial as readonly K[]).includes(k) && !flow.steps[k].indirect);

/** The state a step leads to from `from`. */
export const stepTarget = <S extends string, K extends string>(flow: Flow<S, K>, step: K, from: S): S => flow.steps[step].to ?? from;

/** The steps this role (owner or not) may take from `state`, in the flow's order: the buttons to draw. */
export function permittedSteps<S extends string, K extends string, I extends K>(flow: Flow<S, K, I>, state: S, role: RoleKey | null, isOwner: boolean): Exclude<K, I>[] {
  return laterSteps(flow).filter((k) => takeRefusal(flow, state, k, role, isOwner) === null);
}

/** One step of an item's timeline, oldest first (the `workflow_steps` rows). */
export const TimelineEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  step: Type.String(),
  from: Type.String(),
  to: Type.String(),
  actor: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  /** The actor's role when the step was taken (a RoleKey, or system for a scheduled job). */
  role: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]),
});
export type TimelineEntry = Type.Static<typeof TimelineEntry>;
