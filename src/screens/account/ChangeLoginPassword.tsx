import { PasswordChangeScreen } from './PasswordChangeScreen';

/** /changePassword */
export default function ChangeLoginPassword() {
  return <PasswordChangeScreen kind="login" />;
}
