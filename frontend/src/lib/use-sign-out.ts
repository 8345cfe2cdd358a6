import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { useSession } from './session-store';

/** Signs out with the spec's toasts (000 §8), then goes to /auth; this device's pushes stop first. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const signOut = useSession((state) => state.signOut);

  return async () => {
    try {
      // This device stops being notified for the account leaving it; signing out goes on regardless.
      // Loaded here: the contract it sends with stays out of the shell's first JavaScript.
      await import('./web-push')
        .then((push) => push.disableDeviceNotifications())
        .catch(() => undefined);
      await signOut();
      notifications.show({ color: 'teal', message: 'Logout realizado com sucesso' });
      await navigate(paths.auth, { replace: true });
    } catch {
      notifications.show({ color: 'red', message: 'Erro ao fazer logout' });
    }
  };
}
