/**
 * The server's refusals of a refund password (refund, approval, payout), as a fake service of a
 * model rejects with them: wrong with `triesLeft` tries left, locked, reset by an administrator.
 */
export const refundPasswordFailures = (triesLeft: number) => ({
  wrongPassword: {
    label: 'wrong password',
    resultType: 'FAIL',
    message: `Wrong refund password: ${triesLeft} tries left`,
    result: { triesLeft },
  },
  locked: {
    label: 'locked',
    resultType: 'FAIL',
    message: 'Too many wrong refund passwords: refunds are locked until 2026-11-22 09:30:00',
    result: { lockedUntil: '2026-11-22T00:30:00.000Z' },
  },
  passwordReset: {
    label: 'password reset',
    resultType: 'REFUND_PASSWORD_CHANGE_REQUIRED',
    message: 'Your refund password was reset; change it before refunding',
  },
});
