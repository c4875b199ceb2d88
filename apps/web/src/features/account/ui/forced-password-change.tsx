// Held over any page while the account's password was reset by an administrator: the server
// refuses every other call until a new one is set (must_change_password).
import { lazy, Suspense } from 'react';
import { useSession } from '@/shared/session/session-store';

const PasswordDialog = lazy(() => import('./password-dialog').then((m) => ({ default: m.PasswordDialog })));

export function ForcedPasswordChange() {
  const must = useSession((s) => s.mustChangePassword);
  if (!must) return null;
  return (
    <Suspense fallback={null}>
      <PasswordDialog open forced onClose={() => {}} />
    </Suspense>
  );
}
