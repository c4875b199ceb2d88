// Every flow the contract declares (workflow.ts's defineFlow: appeals, visits, enterprise codes, the
// policy content) as a table: for each state × step × taker (the roles of auth.ts's ROLES, the
// system, and no role at all) × owner or not × note or not, what `stepRefusal` answers. The expected
// answer is derived here from the flow's own declaration — who may take the step (roles), whether
// only the owner may (ownerOnly), from where (from), what it needs (noteRequired), checked in the
// order workflow.ts documents: the role, the owner, the state, the note — never from the function's
// output. Then each flow's shape: every state reachable from where an item starts, and every state
// not meant as an end has a step out of it. Pure: no app, no database.
import { describe, expect, test } from 'vitest';
import { APPEAL_FLOW } from '../src/appeal';
import { APPLY_FLOW } from '../src/apply';
import { ROLES } from '../src/auth';
import { MESSAGE_KINDS } from '../src/inbox';
import { CONTENT_FLOW } from '../src/content-flow';
import { ENTCODE_FLOW } from '../src/entcode';
import { VISIT_FLOW } from '../src/visit';
import { OBJECTION_FLOW, OFFER_FLOW, PAYMENT_FLOW, PUBLICITY_FLOW, RECOVERY_FLOW } from '../src/payout';
import { permittedSteps, stepRefusal, stepTarget, type Flow, type RoleKey, type StepRefusal, type Taker } from '../src/workflow';

const ROLE_KEYS = Object.keys(ROLES) as RoleKey[];
const TAKERS: readonly (Taker | null)[] = [...ROLE_KEYS, 'system', 'visitor', null];
const OWNER = [true, false] as const;
/** No note, a blank one, a written one. */
const NOTES = [null, '  \n', '已电话核实'] as const;
const CHINESE = /[\u4e00-\u9fa5]/;

interface Declared {
  flow: Flow;
  /** Where an item starts: the states its opening steps (`initial`) file it in, written down to check the declaration. */
  opening: readonly string[];
  /** The states meant as ends (办结, 撤回, 取消, 换发 …): nothing may be done from them. */
  ends: readonly string[];
  /** The steps someone may take from each state (the buttons anyone could see), as the demo's table. */
  out: Readonly<Record<string, readonly string[]>>;
}

const FLOWS: Record<string, Declared> = {
  appeal: {
    flow: APPEAL_FLOW,
    opening: ['submitted'],
    ends: ['closed', 'rejected', 'withdrawn'],
    out: {
      submitted: ['withdraw', 'accept', 'reject', 'remark'],
      accepted: ['assign', 'askSupplement', 'remark', 'reply', 'requestExtension', 'approveExtension', 'refuseExtension'],
      supplementing: ['assign', 'supplement', 'remark', 'requestExtension', 'approveExtension', 'refuseExtension'],
      replied: ['remark', 'rate', 'complain', 'close', 'expire'],
      reopened: ['assign', 'remark', 'reply', 'callBack', 'requestExtension', 'approveExtension', 'refuseExtension'],
      closed: [],
      rejected: [],
      withdrawn: [],
    },
  },
  visit: {
    flow: VISIT_FLOW,
    opening: ['pending', 'requested'],
    ends: ['declined', 'appraised', 'cancelled'],
    out: {
      requested: ['schedule', 'refuse', 'cancel'],
      pending: ['approve', 'decline', 'propose', 'cancel'],
      confirmed: ['cancel', 'summarize'],
      declined: [],
      rescheduling: ['accept', 'repropose', 'cancel'],
      visited: ['summarize', 'appraise'],
      appraised: [],
      cancelled: [],
    },
  },
  entcode: {
    flow: ENTCODE_FLOW,
    opening: ['active'],
    ends: ['replaced'],
    out: {
      active: ['freeze', 'revoke', 'reissue'],
      frozen: ['unfreeze', 'revoke', 'reissue'],
      revoked: ['reissue'],
      replaced: [],
    },
  },
  apply: {
    flow: APPLY_FLOW,
    opening: ['submitted', 'approved'],
    ends: ['rated', 'unsettled', 'rejected', 'refused', 'withdrawn'],
    out: {
      submitted: ['withdraw', 'accept', 'refuse'],
      correcting: ['correct'],
      accepted: ['askCorrection', 'firstReview', 'reject'],
      reviewed: ['secondReview', 'reject'],
      rechecked: ['jointOpinion', 'approve', 'reject'],
      approved: ['relinquish', 'publicize', 'payDirectly'],
      publicizing: ['clearPublicity', 'upholdReject', 'upholdReview'],
      payable: ['disburse', 'disburseAdvance'],
      advanced: ['inspect', 'failInspection'],
      paid: ['rate'],
      rated: [],
      unsettled: [],
      rejected: [],
      refused: [],
      withdrawn: [],
    },
  },
  publicity: {
    flow: PUBLICITY_FLOW,
    opening: ['open'],
    ends: ['ended'],
    out: { open: ['end'], ended: [] },
  },
  objection: {
    flow: OBJECTION_FLOW,
    opening: ['submitted'],
    ends: ['upheld', 'dismissed'],
    out: { submitted: ['uphold', 'dismiss'], upheld: [], dismissed: [] },
  },
  recovery: {
    flow: RECOVERY_FLOW,
    opening: ['open'],
    ends: ['recovered'],
    out: { open: ['recover'], recovered: [] },
  },
  offer: {
    flow: OFFER_FLOW,
    opening: ['told'],
    ends: ['confirmed', 'declined', 'expired'],
    out: { told: ['confirm', 'decline', 'expire'], confirmed: [], declined: [], expired: [] },
  },
  payment: {
    flow: PAYMENT_FLOW,
    opening: ['pending'],
    ends: ['confirmed', 'reissued'],
    out: {
      pending: ['authorise'],
      authorised: ['send'],
      sent: ['settle', 'bounce'],
      paid: ['confirm', 'reportMissing'],
      confirmed: [],
      returned: ['correctAccount'],
      reissued: [],
    },
  },
  'content-flow': {
    flow: CONTENT_FLOW,
    opening: ['draft'],
    ends: [],
    out: {
      draft: ['publish'],
      published: ['withdraw'],
      withdrawn: ['publish'],
    },
  },
};

// ---- what the declaration says -----------------------------------------------------------------

/** The refusal the declaration calls for, in workflow.ts's order: role, owner, state, then the note. */
function expectedRefusal(flow: Flow, state: string, step: string, taker: Taker | null, isOwner: boolean, note: string | null): StepRefusal | null {
  const s = flow.steps[step]!;
  if (taker === null || !s.roles.includes(taker)) return { status: 403, msg: `您的角色不能${s.label}` };
  if (s.ownerOnly === true && !isOwner) return { status: 403, msg: `只有提交人本人可以${s.label}` };
  if (!s.from.includes(state)) return { status: 409, msg: `当前状态为「${flow.states[state]}」，不能${s.label}` };
  if (s.noteRequired === true && (note === null || note.trim() === '')) return { status: 400, msg: `${s.label}须填写说明` };
  return null;
}

/** Whether anyone at all may take `step` from `state` (with a note if it needs one). */
const someoneMay = (flow: Flow, state: string, step: string) =>
  TAKERS.some((t) => OWNER.some((o) => expectedRefusal(flow, state, step, t, o, '说明') === null));

/** The steps that move an item out of `state` to another state. */
const exits = (flow: Flow, state: string) => Object.values(flow.steps).filter((s) => s.from.includes(state) && s.to !== undefined && s.to !== state);

/** The states a flow's opening steps file an item in; each opening step is taken from no state, to one. */
function openingStates(flow: Flow): string[] {
  for (const name of flow.initial) expect(flow.steps[name], name).toMatchObject({ from: [], to: expect.any(String) });
  return [...new Set(flow.initial.map((name) => flow.steps[name]!.to!))];
}

/** The states reachable from `from` by taking steps. */
function reachable(flow: Flow, from: readonly string[]): Set<string> {
  const seen = new Set(from);
  const queue = [...from];
  while (queue.length > 0) {
    const state = queue.shift()!;
    for (const s of Object.values(flow.steps)) {
      if (s.from.includes(state) && s.to !== undefined && !seen.has(s.to)) {
        seen.add(s.to);
        queue.push(s.to);
      }
    }
  }
  return seen;
}

// ---- the tables ----------------------------------------------------------------------------------

for (const [name, { flow, opening, ends, out }] of Object.entries(FLOWS)) {
  const states = Object.keys(flow.states);
  const steps = Object.keys(flow.steps);

  describe(`the ${name} flow`, () => {
    test('is well formed: its steps name its own states and known takers, in Chinese words', () => {
      expect(states.length).toBeGreaterThan(0);
      for (const label of Object.values(flow.states)) expect(label).toMatch(CHINESE);
      for (const [key, s] of Object.entries(flow.steps)) {
        expect(s.label, key).toMatch(CHINESE);
        expect(s.roles.length, key).toBeGreaterThan(0);
        for (const r of s.roles) expect(TAKERS, `${key}: ${r}`).toContain(r);
        for (const f of s.from) expect(states, `${key} from ${f}`).toContain(f);
        if (s.to !== undefined) expect(states, `${key} to ${s.to}`).toContain(s.to);
      }
    });

    test.each(states)('from %s: every step × taker × owner × note is refused exactly as declared', (state) => {
      const actual: unknown[] = [];
      const expected: unknown[] = [];
      for (const step of steps) {
        for (const taker of TAKERS) {
          for (const isOwner of OWNER) {
            for (const note of NOTES) {
              const row = { step, taker, isOwner, note };
              const got = stepRefusal(flow, state, step, taker, isOwner, note);
              actual.push({ ...row, got });
              expected.push({ ...row, got: expectedRefusal(flow, state, step, taker, isOwner, note) });
              if (got !== null) {
                expect([400, 403, 409], JSON.stringify(row)).toContain(got.status);
                expect(got.msg, JSON.stringify(row)).toMatch(CHINESE);
              }
            }
          }
        }
      }
      expect(actual).toEqual(expected);
    });

    test('the note defaults to none: a step that needs one is refused without it', () => {
      for (const state of states) {
        for (const [step, s] of Object.entries(flow.steps)) {
          for (const taker of s.roles) {
            expect(stepRefusal(flow, state, step, taker, true)).toEqual(expectedRefusal(flow, state, step, taker, true, null));
          }
        }
      }
    });

    test.each(states)('from %s: the steps someone may take are the table\'s', (state) => {
      expect(steps.filter((step) => someoneMay(flow, state, step))).toEqual(out[state]);
    });

    test('the buttons (permittedSteps) are the direct steps not refused but for a missing note, in the flow\'s order', () => {
      for (const state of states) {
        for (const role of [...ROLE_KEYS, null]) {
          for (const isOwner of OWNER) {
            const allowed = steps.filter((step) => {
              if (flow.steps[step]!.indirect === true) return false;
              const r = expectedRefusal(flow, state, step, role, isOwner, null);
              return r === null || r.status === 400;
            });
            expect(permittedSteps(flow, state, role, isOwner), `${state} ${role} ${isOwner}`).toEqual(allowed);
          }
        }
      }
    });

    test('a step leads to its `to`, or keeps the item where it is', () => {
      for (const [step, s] of Object.entries(flow.steps)) {
        for (const from of s.from) expect(stepTarget(flow, step, from), `${step} from ${from}`).toBe(s.to ?? from);
      }
    });

    test('every timer takes a system step that leaves its state', () => {
      for (const timer of flow.timers ?? []) {
        const s = flow.steps[timer.take]!;
        expect(s.roles, timer.take).toContain('system');
        expect(s.from, timer.take).toContain(timer.in);
        expect(s.to ?? timer.in, timer.take).not.toBe(timer.in);
      }
    });

    test('every notice a step declares is a message kind of the message centre, told to an audience other than the taker', () => {
      for (const [step, s] of Object.entries(flow.steps)) {
        for (const notice of s.notify ?? []) {
          expect(MESSAGE_KINDS, `${step} → ${notice.kind}`).toHaveProperty([notice.kind]);
          // An owner-only step is the owner's own: telling the owner of it would tell the one who took it.
          if (s.ownerOnly) expect(notice.to, step).not.toBe('owner');
        }
      }
    });

    test(`opens in ${opening.join(', ')}, and every state is reachable from there`, () => {
      expect(openingStates(flow)).toEqual(opening);
      // Only the opening steps are taken from no state: nothing else can open an item.
      expect(Object.entries(flow.steps).filter(([, s]) => s.from.length === 0).map(([k]) => k)).toEqual([...flow.initial]);
      expect([...reachable(flow, opening)].sort()).toEqual([...states].sort());
    });

    test(ends.length > 0 ? `ends in ${ends.join(', ')}: nothing is done from them, and every other state has a step out` : 'has no end: every state has a step out', () => {
      expect(states.filter((state) => exits(flow, state).length === 0).sort()).toEqual([...ends].sort());
      for (const end of ends) {
        expect(Object.entries(flow.steps).filter(([, s]) => s.from.includes(end)).map(([k]) => k), end).toEqual([]);
      }
    });
  });
}
