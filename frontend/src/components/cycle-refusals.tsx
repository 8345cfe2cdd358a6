import { cycleRefusedText, RETRY_CYCLE_LABEL, type Subscription } from '@contracts/charges/api';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { formatDate } from '../lib/format';
import { notifyError, notifySuccess } from '../lib/notify';

/**
 * A subscription's cycles its PSP refused: 'Cobrança não emitida pelo PSP: <motivo>' and 'Tentar de
 * novo', which asks the PSP again (`onRetry`: POST /api/subscriptions/:id/retry-cycle). Nothing
 * when none.
 */
export function CycleRefusals({
  subscription,
  onRetry,
  children,
}: {
  subscription: Pick<Subscription, 'id' | 'ciclosRecusados'>;
  onRetry: (subscriptionId: string) => Promise<unknown>;
  /** What names the subscription (on Cobranças, its student). */
  children?: ReactNode;
}) {
  const [retrying, setRetrying] = useState(false);
  if (subscription.ciclosRecusados.length === 0) return null;
  return (
    <Alert color="red" title="Cobrança não emitida">
      <Stack gap="xs" align="flex-start">
        {children}
        {subscription.ciclosRecusados.map((refusal) => (
          <Text size="sm" key={refusal.ciclo}>
            Vencimento {formatDate(`${refusal.vencimento}T12:00:00`)}: {cycleRefusedText(refusal)}
          </Text>
        ))}
        <Button
          size="xs"
          variant="light"
          color="red"
          loading={retrying}
          onClick={() => {
            setRetrying(true);
            onRetry(subscription.id)
              .then(
                () => notifySuccess('Cobrança pedida de novo ao PSP', 'Ela aparece em Cobranças assim que o PSP a emitir.'),
                (error: unknown) => notifyError('Erro ao tentar de novo', error),
              )
              .finally(() => setRetrying(false));
          }}
        >
          {RETRY_CYCLE_LABEL}
        </Button>
      </Stack>
    </Alert>
  );
}
