import { Center, Loader, Stack, Text } from '@mantine/core';

export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Center mih={fullScreen ? '100dvh' : 240} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" />
        <Text c="dimmed" size="sm">
          Carregando...
        </Text>
      </Stack>
    </Center>
  );
}
