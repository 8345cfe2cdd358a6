import { PAYMENT_METHOD_LABELS, type Transaction, TRANSACTION_TIPO_LABELS } from '@contracts/finance/api';
import { Badge, Card, Group, type MantineSpacing, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { formatCurrency, formatDate } from '../../../lib/format';
import { PaymentMethodIcon } from './payment-method-icon';

function Amount({ item }: { item: Transaction }) {
  const voided = item.status === 'estornada';
  return (
    <Text
      fw={600}
      c={voided ? 'dimmed' : item.tipo === 'receita' ? 'teal' : 'red'}
      td={voided ? 'line-through' : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {item.tipo === 'despesa' ? '- ' : ''}
      {formatCurrency(item.valor)}
    </Text>
  );
}

/** Receita or Despesa, and 'Estornada' once voided. */
export function TipoBadge({ item, gap = 4 }: { item: Transaction; gap?: MantineSpacing }) {
  return (
    <Group gap={gap} wrap="nowrap">
      <Badge variant="light" color={item.tipo === 'receita' ? 'teal' : 'red'}>
        {TRANSACTION_TIPO_LABELS[item.tipo]}
      </Badge>
      {item.status === 'estornada' && (
        <Badge variant="outline" color="gray">
          Estornada
        </Badge>
      )}
    </Group>
  );
}

/**
 * Spec 001 §2: the month's history (Data, Tipo, Descrição with who paid, Meio, Valor); a list of
 * cards on a phone.
 */
export function TransactionsList({ items, onOpen }: { items: Transaction[]; onOpen: (id: string) => void }) {
  if (items.length === 0)
    return (
      <Card withBorder padding="lg" radius="md">
        <Text c="dimmed" ta="center">
          Nenhuma transação encontrada
        </Text>
      </Card>
    );
  return (
    <>
      <Card withBorder padding={0} radius="md" visibleFrom="sm">
        <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Histórico de transações">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Data</Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th>Descrição</Table.Th>
              <Table.Th>Meio</Table.Th>
              <Table.Th ta="right">Valor</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr
                key={item.id}
                onClick={() => onOpen(item.id)}
                style={{ cursor: 'pointer' }}
                tabIndex={0}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    onOpen(item.id);
                  }
                }}
              >
                <Table.Td>{formatDate(item.data)}</Table.Td>
                <Table.Td>
                  <TipoBadge item={item} />
                </Table.Td>
                <Table.Td>
                  <div>{item.descricao}</div>
                  {item.studentNome && (
                    <Text size="sm" c="dimmed">
                      {item.studentNome}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <PaymentMethodIcon method={item.metodoPagamento} />
                    {PAYMENT_METHOD_LABELS[item.metodoPagamento]}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">
                  <Amount item={item} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <Stack gap="sm" hiddenFrom="sm" aria-label="Histórico de transações">
        {items.map((item) => (
          <UnstyledButton key={item.id} onClick={() => onOpen(item.id)}>
            <Card withBorder padding="sm" radius="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  {/* Wrapped, not cut: two payments of one plan differ only by who paid. */}
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {item.descricao}
                  </Text>
                  {item.studentNome && (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {item.studentNome}
                    </Text>
                  )}
                  <Group gap={6} c="dimmed" wrap="nowrap">
                    <Text size="sm">{formatDate(item.data)}</Text>
                    <PaymentMethodIcon method={item.metodoPagamento} size={14} />
                    <Text size="sm">{PAYMENT_METHOD_LABELS[item.metodoPagamento]}</Text>
                  </Group>
                </Stack>
                <Stack gap={4} align="flex-end">
                  <Amount item={item} />
                  <TipoBadge item={item} />
                </Stack>
              </Group>
            </Card>
          </UnstyledButton>
        ))}
      </Stack>
    </>
  );
}
