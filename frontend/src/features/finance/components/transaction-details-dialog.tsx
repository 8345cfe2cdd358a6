import { useQuery } from '@tanstack/react-query';
import { ALLOCATION_TIPO_LABELS, PAYMENT_METHOD_LABELS, financeApi } from '@contracts/finance/api';
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatCurrency, formatDate } from '../../../lib/format';
import { notifyError, notifyOutcome } from '../../../lib/notify';
import { transactionQuery } from '../../../entities/transactions';
import { downloadReceipt } from '../api/finance-files';
import { PaymentMethodIcon } from './payment-method-icon';
import { TipoBadge } from './transactions-list';
import { useOperation } from '../../../entities/operation';

/** Spec 001 §2: 'Detalhes da Transação' with its 'Alocações'; 'Estornar' after a confirmation. */
export function TransactionDetailsDialog({
  id,
  onClose,
}: {
  id: string | null;
  onClose: () => void;
}) {
  const transaction = useQuery({ ...transactionQuery(id ?? ''), enabled: id !== null });
  const voiding = useOperation(financeApi.void);
  const [confirming, setConfirming] = useState(false);
  const item = transaction.data;
  const close = () => {
    setConfirming(false);
    onClose();
  };
  const total =
    item?.allocations.reduce((sum, allocation) => sum + Math.round(allocation.valor * 100), 0) ?? 0;

  return (
    <Modal opened={id !== null} onClose={close} title="Detalhes da Transação" centered>
      {transaction.isPending && <Text c="dimmed">Carregando alocações...</Text>}
      {transaction.isError && <Text c="red">Erro ao buscar dados financeiros</Text>}
      {item && (
        <Stack gap="sm">
          <TipoBadge item={item} gap="xs" />
          <Text fz={28} fw={700} td={item.status === 'estornada' ? 'line-through' : undefined}>
            {formatCurrency(item.valor)}
          </Text>
          <Text>{item.descricao}</Text>
          {item.studentNome && <Text size="sm">Pago por {item.studentNome}</Text>}
          <Group gap="lg">
            <Text size="sm" c="dimmed">
              {formatDate(item.data)}
            </Text>
            <Group gap={6}>
              <PaymentMethodIcon method={item.metodoPagamento} />
              <Text size="sm">{PAYMENT_METHOD_LABELS[item.metodoPagamento]}</Text>
            </Group>
          </Group>
          <Text fw={600} mt="xs">
            Alocações
          </Text>
          {item.allocations.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nenhuma alocação encontrada para esta transação
            </Text>
          ) : (
            <Table aria-label="Alocações">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Tipo</Table.Th>
                  <Table.Th ta="right">Valor</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {item.allocations.map((allocation) => (
                  <Table.Tr key={allocation.tipo}>
                    <Table.Td>{ALLOCATION_TIPO_LABELS[allocation.tipo]}</Table.Td>
                    <Table.Td ta="right">{formatCurrency(allocation.valor)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>Total alocado</Table.Th>
                  <Table.Th ta="right">{formatCurrency(total / 100)}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          )}
          {item.status === 'ativa' &&
            (confirming ? (
              <Alert color="red" variant="light" title="Estornar esta transação?">
                <Text size="sm" mb="sm">
                  Ela continua no histórico, marcada como estornada, e sai de todos os totais.
                </Text>
                <Group justify="flex-end">
                  <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
                    Cancelar
                  </Button>
                  <Button
                    color="red"
                    size="xs"
                    loading={voiding.isPending}
                    onClick={() =>
                      voiding.mutate(
                        { params: { id: item.id } },
                        notifyOutcome('Transação estornada', 'Erro ao estornar transação', close),
                      )
                    }
                  >
                    Confirmar estorno
                  </Button>
                </Group>
              </Alert>
            ) : (
              <Group justify="flex-end">
                {item.tipo === 'receita' && (
                  <Button
                    variant="light"
                    onClick={() =>
                      void downloadReceipt(item.id).catch((error: unknown) =>
                        notifyError('Erro ao baixar recibo', error),
                      )
                    }
                  >
                    Baixar recibo
                  </Button>
                )}
                <Button variant="light" color="red" onClick={() => setConfirming(true)}>
                  Estornar
                </Button>
              </Group>
            ))}
        </Stack>
      )}
    </Modal>
  );
}
