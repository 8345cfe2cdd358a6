import {
  cycleRefusedText,
  RETRY_CYCLE_LABEL,
  type Subscription,
  subscriptionsApi,
} from '@contracts/charges/api';
import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useOperation } from '../entities/operation';
import { formatDate } from '../lib/format';
import { notifyError, notifySuccess } from '../lib/notify';

/**
 * A subscription's cycles its PSP refused: 'Cobrança não emitida pelo PSP: <motivo>' and 'Tentar de
 * novo', which asks the PSP again (POST /api/subscriptions/:id/retry-cycle). Nothing when none.
 */
export function CycleRefusals({
  subscription,
  children,
}: {
  subscription: Pick<Subscription, 'id' | 'ciclosRecusados'>;
  /** What names the subscription (on Cobranças, its student). */
  children?: ReactNode;
}) {
  const retry = useOperation(subscriptionsApi.retryCycle);
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
          loading={retry.isPending}
          onClick={() =>
            retry.mutate(
              { params: { id: subscription.id } },
              {
                onSuccess: () => notifySuccess('Cobrança pedida de novo ao PSP', 'Ela aparece em Cobranças assim que o PSP a emitir.'),
                onError: (error) => notifyError('Erro ao tentar de novo', error),
              },
            )
          }
        >
          {RETRY_CYCLE_LABEL}
        </Button>
      </Stack>
    </Alert>
  );
}
