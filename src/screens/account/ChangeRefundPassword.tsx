import { PasswordChangeScreen } from './PasswordChangeScreen';

/** /changeRefundPassword: after a change every session ends and the user logs in again. */
export default function ChangeRefundPassword() {
  return <PasswordChangeScreen kind="refund" />;
}
