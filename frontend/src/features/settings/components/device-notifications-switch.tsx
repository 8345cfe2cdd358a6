import { Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { vapidKeyQuery } from '../../../entities/push';
import { useDeviceNotifications } from '../../../lib/web-push';

/**
 * 'Notificações neste aparelho' in Ajustes: the trainer's own choice to be notified here of a
 * public booking and a payment received. Not shown where the browser or the server cannot push.
 */
export function DeviceNotificationsSwitch() {
  const { data } = useQuery(vapidKeyQuery());
  const device = useDeviceNotifications(data?.publicKey, 'Erro ao alterar as notificações');
  if (!device.available) return null;
  return (
    <Switch
      px="md"
      py="sm"
      label="Notificações neste aparelho"
      description="Novo agendamento público e pagamento recebido"
      checked={device.enabled}
      disabled={device.pending}
      onChange={(event) => void device.change(event.currentTarget.checked)}
    />
  );
}
