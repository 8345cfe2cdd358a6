import { Alert, Button, Stack, Text } from '@mantine/core';
import IconAlertTriangle from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';

export interface LoadErrorProps {
  /** 'Erro ao carregar {entity}' (spec 001 §8). */
  title: string;
  error: unknown;
  onRetry: () => void;
}

/** A read that failed: what failed, the API's message, and a way to try again. */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  const message = error instanceof Error && error.message ? error.message : 'Ocorreu um erro inesperado.';
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle size={20} />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Tentar novamente
        </Button>
      </Stack>
    </Alert>
  );
}
