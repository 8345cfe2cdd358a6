import { DEFAULT_ALLOCATION_RULE } from '@contracts/finance/api';
import { DEFAULT_TIME_ZONE } from '@contracts/shared/time';
import { ActionIcon, Button, Group, Select, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import IconDownload from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
import IconMessageChatbot from '@tabler/icons-react/dist/esm/icons/IconMessageChatbot.mjs';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import IconQrcode from '@tabler/icons-react/dist/esm/icons/IconQrcode.mjs';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { notifyError } from '../../../lib/notify';
import { useLatched } from '../../../lib/use-latched';
import { financeSummaryQuery } from '../../../entities/finance-summary';
import { goalsQuery } from '../../../entities/goals';
import { transactionsQuery } from '../../../entities/transactions';
import { itemsOf } from '../../../lib/contract-query';
import { downloadTransactionsCsv } from '../api/finance-files';
import { GoalCard } from '../components/goal-card';
import { IndicatorCards } from '../components/indicator-cards';
import { NewTransactionDialog } from '../components/new-transaction-dialog';
import { TransactionDetailsDialog } from '../components/transaction-details-dialog';
import { TransactionsList } from '../components/transactions-list';
import { MONTH_NAMES, todayIn, yearOptions } from '../lib/finance-view';
import classes from './finance-page.module.css';

// recharts and @mantine/charts load with the chart, after the page shows.
const FinanceChart = lazy(() => import('../components/finance-chart'));
// The advisor's window loads when it is opened.
const AdvisorChat = lazy(() => import('../components/advisor-chat'));

/**
 * /financeiro (spec 001 §2): the month and year, the indicators, the month's goal, the 12-month
 * chart and the history; the floating button (and the quick menu's 'Lançamento', `?novo=lancamento`)
 * opens 'Receita ou Despesa?'.
 */
export function FinancePage() {
  const goals = useQuery(goalsQuery());
  const zone = goals.data?.fusoHorario ?? DEFAULT_TIME_ZONE;
  const { today, month: currentMonth } = todayIn(zone);
  const [params, setParams] = useSearchParams();
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(params.get('mes') ?? '') ? (params.get('mes') as string) : currentMonth;
  const summary = useQuery({ ...financeSummaryQuery(month), placeholderData: keepPreviousData });
  const transactions = useQuery({ ...transactionsQuery(month), select: itemsOf });
  const csv = useMutation({ mutationFn: downloadTransactionsCsv });
  const [openId, setOpenId] = useState<string | null>(null);
  const [chatting, setChatting] = useState(false);
  // Closing hides the chat: the conversation is still there when it opens again.
  const chatMounted = useLatched(chatting);
  const adding = params.get('novo') === 'lancamento';

  const setMonth = (next: string) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('mes', next);
      return copy;
    });
  const setAdding = (open: boolean) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (open) copy.set('novo', 'lancamento');
      else copy.delete('novo');
      return copy;
    });

  const exportCsv = () => csv.mutate(month, { onError: (error) => notifyError('Erro ao exportar CSV', error) });

  const years = yearOptions(summary.data?.primeiroMes ?? null, currentMonth, month);

  return (
    <>
      <PageHeader
        title="Financeiro"
        action={
          <Group gap="xs" wrap="nowrap">
            {/* A phone has room for its icon only. */}
            <ActionIcon
              hiddenFrom="sm"
              size={36}
              variant={chatting ? 'filled' : 'light'}
              aria-label="Consultor"
              aria-expanded={chatting}
              onClick={() => setChatting(!chatting)}
            >
              <IconMessageChatbot size={20} />
            </ActionIcon>
            <Button
              visibleFrom="sm"
              variant={chatting ? 'filled' : 'light'}
              leftSection={<IconMessageChatbot size={18} />}
              aria-expanded={chatting}
              onClick={() => setChatting(!chatting)}
            >
              Consultor
            </Button>
            <ActionIcon component={Link} to={paths.charges} hiddenFrom="sm" size={36} variant="default" aria-label="Cobranças">
              <IconQrcode size={20} />
            </ActionIcon>
            <Button component={Link} to={paths.charges} visibleFrom="sm" variant="default" leftSection={<IconQrcode size={18} />}>
              Cobranças
            </Button>
            <ActionIcon hiddenFrom="sm" size={36} variant="default" aria-label="Exportar CSV" loading={csv.isPending} onClick={exportCsv}>
              <IconDownload size={20} />
            </ActionIcon>
            <Button visibleFrom="sm" variant="default" leftSection={<IconDownload size={18} />} loading={csv.isPending} onClick={exportCsv}>
              Exportar CSV
            </Button>
          </Group>
        }
      />
      <Stack gap="md" pb={120}>
        <SimpleGrid cols={2} spacing="sm" maw={420}>
          <Select
            label="Mês"
            data={MONTH_NAMES.map((name, index) => ({ value: String(index + 1).padStart(2, '0'), label: name }))}
            value={month.slice(5, 7)}
            onChange={(value) => value && setMonth(`${month.slice(0, 4)}-${value}`)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Ano"
            data={years.map(String)}
            value={month.slice(0, 4)}
            onChange={(value) => value && setMonth(`${value}-${month.slice(5, 7)}`)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        {summary.isError && (
          <LoadError title="Erro ao buscar dados financeiros" error={summary.error} onRetry={() => void summary.refetch()} />
        )}
        {summary.data ? (
          <>
            <IndicatorCards summary={summary.data} />
            <GoalCard summary={summary.data} today={today} />
          </>
        ) : (
          !summary.isError && <Skeleton h={220} radius="md" />
        )}
        <Suspense fallback={<Skeleton h={280} radius="md" />}>
          <FinanceChart until={month} />
        </Suspense>
        <Title order={2} fz={20}>
          Histórico
        </Title>
        {transactions.isError && (
          <LoadError
            title="Erro ao buscar dados financeiros"
            error={transactions.error}
            onRetry={() => void transactions.refetch()}
          />
        )}
        {transactions.data ? (
          <TransactionsList items={transactions.data} onOpen={setOpenId} />
        ) : (
          !transactions.isError && <Skeleton h={120} radius="md" />
        )}
      </Stack>
      <div className={classes.addButton} data-floating-action>
        <Button size="lg" radius="xl" leftSection={<IconPlus size={22} stroke={2.25} />} className={classes.addButtonInner} onClick={() => setAdding(true)}>
          Nova transação
        </Button>
      </div>
      <NewTransactionDialog
        opened={adding}
        onClose={() => setAdding(false)}
        today={today}
        rule={goals.data?.alocacao ?? DEFAULT_ALLOCATION_RULE}
      />
      <TransactionDetailsDialog id={openId} onClose={() => setOpenId(null)} />
      {chatMounted && (
        <Suspense fallback={null}>
          <AdvisorChat opened={chatting} today={today} onClose={() => setChatting(false)} />
        </Suspense>
      )}
    </>
  );
}
