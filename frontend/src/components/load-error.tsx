import { Alert, Button, Stack, Text } from '@mantine/core';
import IconAlertTriangle from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';
import { errorMessage } from '../lib/api-error';

export interface LoadErrorProps {
  /** 'Erro ao carregar {entity}' (spec 001 §8). */
  title: string;
  error: unknown;
  onRetry: () => void;
}

/**
 * A read that failed: what failed, what the API said (4xx) or 'Ocorreu um erro inesperado.' (a 5xx,
 * no network: spec 001 §8), and a way to try again.
 */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle size={20} />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Tentar novamente
        </Button>
      </Stack>
    </Alert>
  );
}
