import type { Charge } from '@contracts/charges/api';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import IconReceiptRefund from '@tabler/icons-react/dist/esm/icons/IconReceiptRefund.mjs';
import { creditsLabel } from '../../../components/credit-badge';
import { formatCurrency } from '../../../lib/format';
import { notifyOutcome } from '../../../lib/notify';
import { useOperation } from '../../../entities/operation';
import { chargesApi } from '@contracts/charges/api';

/**
 * A payment the PSP gave back: the trainer says whether the credits it bought go ('Remover N
 * créditos', as many as the balance has, never below zero) or stay; asked once per refund.
 */
export function RefundCreditsPrompt({ charge, saldo }: { charge: Charge; saldo: number }) {
  const decide = useOperation(chargesApi.decideRefundCredits);
  const removable = Math.min(charge.creditosPendentes, saldo);
  const answer = (remover: boolean) =>
    decide.mutate(
      { params: { id: charge.id }, body: { remover } },
      notifyOutcome(
        remover ? 'Créditos removidos' : 'Créditos mantidos',
        'Erro ao registrar a decisão',
      ),
    );
  const choosing = decide.isPending ? decide.variables.body.remover : undefined;
  return (
    <div role="group" aria-label={`Devolução de ${charge.planNome}`}>
      <Alert color="orange" icon={<IconReceiptRefund size={18} />} title="Pagamento devolvido">
        <Stack gap="sm">
          <Text size="sm">
            {`O PSP devolveu ${formatCurrency(charge.valorDevolvido)} do pagamento de ${charge.planNome}. `}
            {removable > 0
              ? `Remover ${creditsLabel(removable)} do saldo?`
              : 'O saldo já está em zero: não há créditos para remover.'}
          </Text>
          <Group gap="xs">
            {removable > 0 && (
              <Button
                size="sm"
                color="orange"
                loading={choosing === true}
                disabled={choosing === false}
                onClick={() => answer(true)}
              >
                {`Remover ${creditsLabel(removable)}`}
              </Button>
            )}
            <Button
              size="sm"
              variant="default"
              loading={choosing === false}
              disabled={choosing === true}
              onClick={() => answer(false)}
            >
              {removable > 0 ? 'Manter créditos' : 'Entendi'}
            </Button>
          </Group>
        </Stack>
      </Alert>
    </div>
  );
}
