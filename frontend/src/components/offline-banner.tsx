import { Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import IconWifiOff from '@tabler/icons-react/dist/esm/icons/IconWifiOff.mjs';

const TIME_ZONE = 'America/Sao_Paulo';
const time = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
});
const dayAndTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
const day = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE });

/** '14:05' for today's last sync, '21/11, 18:30' for an older one. */
export function lastSyncLabel(at: number, now: number = Date.now()): string {
  return day.format(at) === day.format(now) ? time.format(at) : dayAndTime.format(at);
}

/** Says that there is no network, and how old what is shown is (rendered only while offline). */
export function OfflineBanner() {
  const queryClient = useQueryClient();

  const lastSync = Math.max(
    0,
    ...queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.state.dataUpdatedAt),
  );
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="md"
      mb="md"
      icon={<IconWifiOff size={18} />}
      role="status"
    >
      {lastSync > 0
        ? `Você está offline — mostrando dados de ${lastSyncLabel(lastSync)}`
        : 'Você está offline — conecte-se à internet para carregar seus dados.'}
    </Alert>
  );
}
