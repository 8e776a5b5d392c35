import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import type { UserInfo } from '../../src/contract/auth';
import { rootMachine, rootTestMap } from '../../src/machines/root';
import type { sessionMachine } from '../../src/machines/session';
import { coveredTransitions } from './harness';
import { input as refundInput } from './refund.model';

/**
 * The root actor: the session and the workflows in one actor system. The session is a fake
 * with the user the test gives; the workflows are the real machines (their services unused).
 */
function start(user: Partial<UserInfo> | null = null) {
  const session = setup({ types: { context: {} as { user: Partial<UserInfo> | null } } }).createMachine({
    context: { user },
  });
  // Only its user is read by the root: a stand-in, typed as the session it stands for.
  const fake = session as unknown as typeof sessionMachine;
  const root = createActor(rootMachine.provide({ actors: { session: fake } }), {
    input: { storage: {} as never },
  });
  root.start();
  return root;
}

describe('root actor', () => {
  it('runs the session under system id "session"', () => {
    const root = start();
    expect(root.system.get('session')).toBe(root.getSnapshot().children.session);
  });

  it('opens a refund under system id "refund", with the session’s must-change flag', () => {
    const root = start({ mustChangeRefundPassword: true });
    root.send({ type: 'refund.open', input: refundInput });
    const refund = root.getSnapshot().children.refund!;
    expect(root.system.get('refund')).toBe(refund);
    expect(refund.getSnapshot().matches({ rejected: 'passwordReset' })).toBe(true);
    root.send({ type: 'refund.close' });
    expect(root.getSnapshot().children.refund).toBeUndefined();
    expect(root.system.get('refund')).toBeUndefined();
  });

  it('keeps a refund waiting for the password change when the order detail goes, else stops it', () => {
    const root = start({ mustChangeRefundPassword: true });
    root.send({ type: 'refund.open', input: refundInput });
    const refund = root.getSnapshot().children.refund!;
    refund.send({ type: 'CHANGE_PASSWORD' });
    root.send({ type: 'refund.leave' });
    expect(root.getSnapshot().children.refund).toBe(refund);
    // Back on the same order: the same refund, not a new one.
    root.send({ type: 'refund.open', input: { ...refundInput, clientRefundNo: 'C-other' } });
    expect(root.getSnapshot().children.refund).toBe(refund);
    refund.send({ type: 'PASSWORD_CHANGED' });
    expect(refund.getSnapshot().matches('enteringPassword')).toBe(true);
    root.send({ type: 'refund.leave' });
    expect(root.getSnapshot().children.refund).toBeUndefined();
  });

  it('replaces a refund left waiting on another order', () => {
    const root = start({ mustChangeRefundPassword: true });
    root.send({ type: 'refund.open', input: refundInput });
    const first = root.getSnapshot().children.refund!;
    first.send({ type: 'CHANGE_PASSWORD' });
    root.send({ type: 'refund.open', input: { ...refundInput, gatewayOrderNo: 'G-other' } });
    const second = root.getSnapshot().children.refund!;
    expect(second).not.toBe(first);
    expect(first.getSnapshot().status).toBe('stopped');
    expect(second.getSnapshot().context.gatewayOrderNo).toBe('G-other');
  });

  it('runs one password change per screen; the refund hears of the change through the system', () => {
    const root = start({ mustChangeRefundPassword: true });
    root.send({ type: 'refund.open', input: refundInput });
    root.getSnapshot().children.refund!.send({ type: 'CHANGE_PASSWORD' });
    root.send({ type: 'passwordChange.open', input: { kind: 'refund' } });
    const change = root.getSnapshot().children.passwordChange!;
    expect(root.system.get('passwordChange')).toBe(change);
    root.send({ type: 'passwordChange.close' });
    expect(root.getSnapshot().children.passwordChange).toBeUndefined();
  });

  it('runs the order detail’s sync under system id "orderSync", one per order shown', () => {
    const root = start();
    root.send({ type: 'orderSync.open', input: { gatewayOrderNo: 'G-1' } });
    const sync = root.getSnapshot().children.orderSync!;
    expect(root.system.get('orderSync')).toBe(sync);
    sync.send({ type: 'SYNC' });
    // The same order again (React's effects run twice): the same sync, still busy.
    root.send({ type: 'orderSync.open', input: { gatewayOrderNo: 'G-1' } });
    expect(root.getSnapshot().children.orderSync).toBe(sync);
    expect(sync.getSnapshot().hasTag('busy')).toBe(true);
    root.send({ type: 'orderSync.open', input: { gatewayOrderNo: 'G-2' } });
    expect(root.getSnapshot().children.orderSync!.getSnapshot().context.gatewayOrderNo).toBe('G-2');
    expect(sync.getSnapshot().status).toBe('stopped');
    root.send({ type: 'orderSync.close' });
    expect(root.getSnapshot().children.orderSync).toBeUndefined();
    expect(root.system.get('orderSync')).toBeUndefined();
  });

  it('the root test map names every event it handles', () => {
    const handled = new Set(coveredTransitions(rootMachine, []).defined.map((d) => d.split(' ')[1]));
    expect([...handled].filter((e) => !(e in rootTestMap.events))).toEqual([]);
  });
});
