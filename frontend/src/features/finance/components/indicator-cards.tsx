import { Badge, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { formatCurrency } from '../../../lib/format';
import type { SummaryAnswer } from '@contracts/finance/api';
import { formatChange, formatPercent } from '../lib/finance-view';

function Indicator({ label, value, change }: { label: string; value: string; change: number | null }) {
  const text = formatChange(change);
  return (
    <Card withBorder padding="md" radius="md" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Group justify="space-between" align="flex-end" wrap="nowrap" mt={4} gap="xs">
        <Text fz={{ base: 22, sm: 26 }} fw={700} lh={1.2} style={{ whiteSpace: 'nowrap' }}>
          {value}
        </Text>
        {text ? (
          <Badge variant="light" color={change !== null && change < 0 ? 'red' : 'teal'} title="Em relação ao mês anterior">
            {text}
          </Badge>
        ) : (
          <Text size="xs" c="dimmed" title="Sem dados no mês anterior">
            —
          </Text>
        )}
      </Group>
    </Card>
  );
}

/** Spec 001 §2: Lucro, Ticket Médio and Aderência, each with its real change against the previous month. */
export function IndicatorCards({ summary }: { summary: SummaryAnswer }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      <Indicator label="Lucro" value={formatCurrency(summary.lucro)} change={summary.variacao.lucro} />
      <Indicator label="Ticket Médio" value={formatCurrency(summary.ticketMedio)} change={summary.variacao.ticketMedio} />
      <Indicator label="Aderência" value={formatPercent(summary.aderencia)} change={summary.variacao.aderencia} />
    </SimpleGrid>
  );
}
