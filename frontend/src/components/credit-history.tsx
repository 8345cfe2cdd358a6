import { ACTOR_ROLE_LABELS, CREDIT_ENTRY_LABELS, type CreditHistoryItem } from '@contracts/students/api';
import { Card, Group, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatCurrency, formatDateTimeInZone } from '../lib/format';
import classes from './credit-history.module.css';
import { Loaded } from './loaded';

export function signedAmount(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}

/** What a line moved: its credits, or a payment's value ('+R$ 480,00', '−R$ 480,00'). */
export function movedLabel({ amount, valor }: Pick<CreditHistoryItem, 'amount' | 'valor'>): string {
  if (valor === null) return signedAmount(amount);
  return `${valor < 0 ? '−' : '+'}${formatCurrency(Math.abs(valor))}`;
}

export const actorLabel = (role: string): string => ACTOR_ROLE_LABELS[role] ?? role;

/**
 * A student's credit history, newest first: when (dd/MM/yyyy HH:mm in America/Sao_Paulo), what
 * happened, the signed amount, the balance after it, who did it and why. Shared by the trainer's
 * student page and the student's own area.
 */
function CreditHistoryList({ items, emptyText }: { items: readonly CreditHistoryItem[]; emptyText: string }) {
  if (items.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {emptyText}
      </Text>
    );
  }
  const newestFirst = [...items].sort((a, b) => b.position - a.position);
  return (
    <ul className={classes.list} aria-label="Histórico de créditos">
      <li className={`${classes.row} ${classes.head}`} aria-hidden>
        <span className={classes.when}>Data</span>
        <span className={classes.what}>Movimento</span>
        <span className={classes.amount}>Créditos / valor</span>
        <span className={classes.balance}>Saldo</span>
        <span className={classes.who}>Por</span>
        <span className={classes.reason}>Motivo</span>
      </li>
      {newestFirst.map((item) => (
        <li key={item.position} className={classes.row} data-testid="credit-history-entry">
          <span className={classes.when}>{formatDateTimeInZone(item.occurredAt)}</span>
          <span className={classes.what}>{CREDIT_ENTRY_LABELS[item.type] ?? item.type}</span>
          <span className={classes.amount} data-sign={(item.valor ?? item.amount) >= 0 ? 'in' : 'out'}>
            {movedLabel(item)}
          </span>
          <span className={classes.balance}>
            <span className={classes.phoneOnly}>Saldo: </span>
            {item.balanceAfter}
          </span>
          <span className={classes.who}>
            <span className={classes.phoneOnly}>Por: </span>
            {actorLabel(item.actor.role)}
          </span>
          <span className={classes.reason}>{item.reason}</span>
        </li>
      ))}
    </ul>
  );
}

/** 'Histórico de créditos' as a card: the title (with `action` beside it) and the list once read. */
export function CreditHistoryCard({
  history,
  action,
}: {
  history: UseQueryResult<CreditHistoryItem[], unknown>;
  action?: ReactNode;
}) {
  return (
    <Card>
      <Group justify="space-between" align="center" mb="sm" gap="sm">
        <Title order={2} fz="lg">
          Histórico de créditos
        </Title>
        {action}
      </Group>
      <Loaded query={history} errorTitle="Erro ao carregar histórico" failure="alert">
        {(items) => <CreditHistoryList items={items} emptyText="Nenhuma movimentação de créditos ainda." />}
      </Loaded>
    </Card>
  );
}
