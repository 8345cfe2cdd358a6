/** Query keys of the finances; invalidating `financeKeys.all` refetches everything this feature shows. */
export const financeKeys = {
  all: ['finance'] as const,
  transactions: () => [...financeKeys.all, 'transactions'] as const,
  transactionsOf: (month: string) => [...financeKeys.transactions(), month] as const,
  transaction: (id: string) => [...financeKeys.all, 'transaction', id] as const,
  summaries: () => [...financeKeys.all, 'summary'] as const,
  summary: (month: string) => [...financeKeys.summaries(), month] as const,
  series: (until: string, months: number) => [...financeKeys.all, 'series', until, months] as const,
  goals: () => [...financeKeys.all, 'goals'] as const,
};
