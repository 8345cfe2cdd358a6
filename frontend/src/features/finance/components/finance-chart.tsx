import { useQuery } from '@tanstack/react-query';
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Text } from '@mantine/core';
import { formatCurrency } from '../../../lib/format';
import { financeSeriesQuery } from '../../../entities/finance-summary';
import { itemsOf } from '../../../lib/contract-query';
import { shortMonthLabel } from '../lib/finance-view';

/** Previsto × recebido of the 12 months up to the one shown (loaded only on /financeiro, with recharts). */
export default function FinanceChart({ until }: { until: string }) {
  const series = useQuery({ ...financeSeriesQuery(until, 12), select: itemsOf });
  return (
    <Card withBorder padding="md" radius="md">
      <Text fw={600} mb="sm">
        Previsto × Recebido (12 meses)
      </Text>
      {series.data ? (
        <BarChart
          h={220}
          data={series.data.map((item) => ({ ...item, label: shortMonthLabel(item.month) }))}
          dataKey="label"
          series={[
            { name: 'previsto', label: 'Previsto', color: 'gray.5' },
            { name: 'recebido', label: 'Recebido', color: 'teal.6' },
          ]}
          valueFormatter={formatCurrency}
          withLegend
          tickLine="none"
          gridAxis="y"
          yAxisProps={{ width: 72, tickFormatter: (value: number) => formatCurrency(value).replace(',00', '') }}
          // A figure, not an image: its legend and values stay readable by a screen reader.
          role="figure"
          aria-label="Gráfico de previsto e recebido dos últimos 12 meses"
        />
      ) : (
        <Text c="dimmed" size="sm" h={220}>
          Carregando...
        </Text>
      )}
    </Card>
  );
}
