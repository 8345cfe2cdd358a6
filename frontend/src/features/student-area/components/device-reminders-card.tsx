import { Button, Card, Group, Text, Title } from '@mantine/core';
import IconBell from '@tabler/icons-react/dist/esm/icons/IconBell.mjs';
import { useQuery } from '@tanstack/react-query';
import { vapidKeyQuery } from '../../../entities/push';
import { useDeviceNotifications } from '../../../lib/web-push';

/**
 * 'Receber lembretes neste aparelho': offered once the student has a session booked (the moment a
 * reminder means something), until this device receives them. Not shown where the browser or the
 * server cannot push.
 */
export function DeviceRemindersCard() {
  const { data } = useQuery(vapidKeyQuery());
  const device = useDeviceNotifications(data?.publicKey, 'Erro ao ativar os lembretes');
  if (!device.available || device.enabled) return null;
  return (
    <Card>
      <Group gap="sm" wrap="nowrap" mb="xs">
        <IconBell size={20} aria-hidden style={{ flexShrink: 0 }} />
        <Title order={2} fz="md">
          Receber lembretes neste aparelho
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Avisamos aqui antes de cada treino e quando houver uma cobrança.
      </Text>
      <Button size="xs" loading={device.pending} onClick={() => void device.change(true)}>
        Ativar lembretes
      </Button>
    </Card>
  );
}
