import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { registerSW } from 'virtual:pwa-register';

const UPDATE_NOTIFICATION_ID = 'nova-versao';

/**
 * Registers the service worker and, when a new build is waiting, asks before switching to it:
 * a page never runs old code silently, and a form being filled is never reloaded from under the
 * trainer. Loaded after the first render; nothing here is in the first page's JavaScript.
 */
export function registerServiceWorker(): void {
  const update = registerSW({
    onNeedRefresh() {
      notifications.show({
        id: UPDATE_NOTIFICATION_ID,
        title: 'Nova versão disponível',
        autoClose: false,
        withCloseButton: true,
        message: (
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Atualize para usar a versão mais recente do Vira.</Text>
            <Button size="xs" onClick={() => void update(true)}>
              Atualizar
            </Button>
          </Stack>
        ),
      });
    },
  });
}
