import {
  operatorActionMachine,
  type ActionAccount,
  type OperatorAction,
} from '../../src/machines/operatorAction';
import { coveringSet, workflowModel, type ModelEvent } from './harness';

/** The operator-action test model: each kind of action on one account (or two to delete), done or refused. */

export const account: ActionAccount = { id: 42, loginId: 'co-clerk', userName: 'Clerk' };

export const actions = {
  delete: { kind: 'delete', ids: [42, 43] },
  resetLogin: { kind: 'resetPassword', which: 'login', account },
  resetRefund: { kind: 'resetPassword', which: 'refund', account },
  resetMfa: { kind: 'resetMfa', account },
} satisfies Record<string, OperatorAction>;

export const replies = {
  reset: { label: 'new password', id: 42, password: 'Rf-8hQ2-zT4x' },
  deleted: { label: 'deleted' },
  mfaReset: { label: 'reset', id: 42 },
};

export const created = { loginId: 'co-new', password: 'In-5tW9-kL2m' };

export const failures = {
  refused: { label: 'refused', resultType: 'FAIL', message: 'No such account' },
};

export const operatorActionEvents: ModelEvent[] = [
  ...Object.entries(actions).map(([label, action]) => ({ type: 'ASK', label, action })),
  { type: 'SHOW', label: 'new account', ...created },
  { type: 'xstate.done.actor.deleteOperators', output: replies.deleted },
  { type: 'xstate.error.actor.deleteOperators', error: failures.refused },
  { type: 'xstate.done.actor.resetPassword', output: replies.reset },
  { type: 'xstate.error.actor.resetPassword', error: failures.refused },
  { type: 'xstate.done.actor.resetMfa', output: replies.mfaReset },
  { type: 'xstate.error.actor.resetMfa', error: failures.refused },
];

const kindOf = (a: OperatorAction | null) =>
  a === null ? null : a.kind === 'resetPassword' ? `${a.kind}:${a.which}` : a.kind;

export function operatorActionPaths() {
  return workflowModel(operatorActionMachine, {
    input: undefined,
    events: operatorActionEvents,
    serializeContext: (c: { action: OperatorAction | null; secret: unknown; error: string | null }) => ({
      action: kindOf(c.action),
      secret: c.secret !== null,
      error: c.error !== null,
    }),
  }).getShortestPaths();
}

/**
 * The operator actions' covering set for the browser (tests/e2e/operatorActions.spec.ts): every
 * state and transition walked at least once. A browser causes all of them (a refusal is the
 * server's reply answered by the test): nothing is pinned.
 */
export const operatorActionPinned: Record<string, string> = {};

export function operatorActionCoveringSet(paths = operatorActionPaths()) {
  return coveringSet(operatorActionMachine, paths, operatorActionPinned, { answers: true });
}
