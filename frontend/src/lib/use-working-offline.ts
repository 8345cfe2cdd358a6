import { useOnline } from './network';
import { useSession } from './session-store';

/** Whether the app is working without a network: the browser says so, or the session is waiting for one. */
export function useWorkingOffline(): boolean {
  const online = useOnline();
  const sessionOffline = useSession((state) => state.status === 'offline');
  return !online || sessionOffline;
}
