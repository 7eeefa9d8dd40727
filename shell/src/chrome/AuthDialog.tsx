import { Dialog, DialogContent } from '@chorus/platform/ui';
import { type AuthMode } from './auth/shared';
import { RegisterFlow } from './auth/SignUp';
import { LoginForm } from './auth/SignIn';
import { ForgotPasswordForm } from './auth/ForgotPassword';

export type { AuthMode } from './auth/shared';

/** Sign In, Create Account (details, then payment) and Reset Password, in one dialog. */
export default function AuthDialog({
  mode,
  onModeChange,
}: {
  mode: AuthMode | null;
  onModeChange(mode: AuthMode | null): void;
}) {
  const close = () => onModeChange(null);
  return (
    <Dialog open={mode !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="sm:max-w-[500px]">
        {mode === 'login' ? <LoginForm onSwitch={onModeChange} onDone={close} /> : null}
        {mode === 'register' ? <RegisterFlow onSwitch={onModeChange} onDone={close} /> : null}
        {mode === 'forgot' ? <ForgotPasswordForm onSwitch={onModeChange} /> : null}
      </DialogContent>
    </Dialog>
  );
}
