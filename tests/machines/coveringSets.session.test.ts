import { describe, expect, it } from 'vitest';
import { passwordChangeWalks } from './passwordChange.model';
import { ROOT_NOT_WALKABLE, rootNotWalkable, rootWalks, initialState } from './root.model';
import { secondFactorWalks } from './secondFactor.model';
import { SESSION_NOT_WALKABLE, SESSION_PINNED, sessionWalks } from './session.model';

/**
 * The browser's covering sets of the sign-in machines (issue #30): the session, the second
 * factor, the password change and the root beside a refund. Chromium walks only these
 * (tests/e2e/session, secondFactor, password and root specs); vitest walks every generated path
 * (their own tests). Each set is computed from the path plans, so a new transition gets its walk
 * by itself — and this test fails when one the browser can cause has none.
 */
describe('covering sets of the sign-in machines', () => {
  it('session: every state and every transition the browser can cause is walked', () => {
    const { paths, cover, notWalkable } = sessionWalks();
    expect(cover.uncovered).toEqual([]);
    expect(Object.keys(cover.pinned)).toEqual(Object.keys(SESSION_PINNED));
    // The transient start is entered on every walk (its eventless choice), and each scenario's
    // walks are in the set: the stored session's restore and the first visit's login.
    expect(cover.covered).toEqual(
      expect.arrayContaining([
        'state booting',
        'booting always #1(hasStoredToken)',
        'booting always #2(else)',
      ]),
    );
    expect(cover.walks.some((w) => paths.reload.includes(w))).toBe(true);
    expect(cover.walks.some((w) => paths.fresh.includes(w))).toBe(true);
    // Fewer walks than paths: the point of the set.
    expect(cover.walks.length).toBeLessThan((paths.fresh.length + paths.reload.length) / 2);
    // Each reason still rules some path out: none outlives the paths it was written for.
    expect([...new Set(notWalkable.map((n) => n.reason))].sort()).toEqual(
      Object.keys(SESSION_NOT_WALKABLE).sort(),
    );
  });

  it('second factor: every state and every transition is walked, in both modes', () => {
    const { paths, cover } = secondFactorWalks();
    expect(cover.uncovered).toEqual([]);
    expect(cover.pinned).toEqual({});
    expect(cover.covered).toContain('state choosing');
    expect(cover.walks.some((w) => paths.verify.includes(w))).toBe(true);
    expect(cover.walks.some((w) => paths.enrol.includes(w))).toBe(true);
  });

  it('password change: every state and every transition is walked, for both passwords', () => {
    const { paths, cover } = passwordChangeWalks();
    expect(cover.uncovered).toEqual([]);
    expect(cover.pinned).toEqual({});
    // The login password's change keeps the session, the refund password's ends it: both walked.
    expect(cover.covered).toEqual(
      expect.arrayContaining([
        'submitting xstate.done.actor.changePassword #1(isRefundPassword)',
        'submitting xstate.done.actor.changePassword #2(else)',
      ]),
    );
    expect(cover.walks.length).toBeLessThan(paths.login.length + paths.refund.length);
  });

  it('root beside a refund: every transition and state of the model the browser can cause is walked', () => {
    const { paths, walks, uncovered, notWalked } = rootWalks();
    expect(uncovered).toEqual([]);
    expect(walks.length).toBeLessThan(paths.length / 2);
    // What is not walked is explained, and each reason still rules some step out.
    expect(Object.keys(notWalked).length).toBeGreaterThan(0);
    const reasons = new Set<string>();
    for (const path of paths) {
      let s = initialState;
      for (const step of path.steps) {
        const reason = rootNotWalkable(s, step.event);
        if (reason) reasons.add(reason);
        s = step.expected.next;
      }
    }
    expect([...reasons].sort()).toEqual(Object.keys(ROOT_NOT_WALKABLE).sort());
    // Every kind of step is walked at least once.
    const kinds = new Set(walks.flatMap((p) => p.steps.map((x) => x.event.type)));
    expect([...kinds].sort()).toEqual(
      ['close', 'expire', 'leave', 'logout', 'open', 'refundPasswordChanged', 'signIn', 'wait'].sort(),
    );
  });
});
