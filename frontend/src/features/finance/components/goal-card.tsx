import { ALLOCATION_TIPO_LABELS, ALLOCATION_TIPOS, daysRemaining } from '@contracts/finance/api';
import { Card, Divider, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatCurrency } from '../../../lib/format';
import type { SummaryAnswer } from '@contracts/finance/api';
import { daysRemainingLabel, formatPercent, progressColor } from '../lib/finance-view';

/** The month's goal: received against the goal (the bar capped at 100%), days left, previsto and the reserve. */
export function GoalCard({ summary, today }: { summary: SummaryAnswer; today: string }) {
  const percent = Math.min(summary.aderencia, 100);
  return (
    <Card component="section" aria-labelledby="meta-do-mes" withBorder padding="md" radius="md">
      <Group justify="space-between" align="baseline" mb={6}>
        <Text id="meta-do-mes" fw={600}>
          Meta do mês
        </Text>
        <Text size="sm" c="dimmed">
          {daysRemainingLabel(daysRemaining(summary.month, today))}
        </Text>
      </Group>
      <Text size="sm" mb={8}>
        <Text span fw={700}>
          {formatCurrency(summary.recebido)}
        </Text>{' '}
        de {formatCurrency(summary.meta)} ({formatPercent(summary.aderencia)})
      </Text>
      <Progress
        value={percent}
        color={progressColor(summary.aderencia)}
        size="lg"
        radius="xl"
        aria-label="Progresso da meta do mês"
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }} mt="md" spacing="sm">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Previsto
          </Text>
          <Text fw={600}>{formatCurrency(summary.previsto)}</Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Recebido
          </Text>
          <Text fw={600}>{formatCurrency(summary.recebido)}</Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Despesas
          </Text>
          <Text fw={600}>{formatCurrency(summary.despesas)}</Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Reserva sugerida (20%)
          </Text>
          <Text fw={600}>{formatCurrency(summary.reservaSugerida)}</Text>
          {summary.metaReserva > 0 && (
            <Text size="xs" c="dimmed">
              Meta de reserva: {formatCurrency(summary.metaReserva)}
            </Text>
          )}
        </Stack>
      </SimpleGrid>
      {ALLOCATION_TIPOS.some((tipo) => summary.allocations[tipo] !== 0) && (
        <>
          <Divider my="sm" />
          <Text size="xs" c="dimmed" mb={4}>
            Alocações do mês
          </Text>
          <Group gap="lg" aria-label="Alocações do mês">
            {ALLOCATION_TIPOS.filter((tipo) => summary.allocations[tipo] !== 0).map((tipo) => (
              <Text key={tipo} size="sm">
                {ALLOCATION_TIPO_LABELS[tipo]}: <strong>{formatCurrency(summary.allocations[tipo])}</strong>
              </Text>
            ))}
          </Group>
        </>
      )}
    </Card>
  );
}
