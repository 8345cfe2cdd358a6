import { QueryClient } from '@tanstack/react-query';
import { refetchWhenInvalidated } from './prefetch';

describe('refetchWhenInvalidated', () => {
  it('fetches a kept query again when a change invalidates it with no screen showing it; leaves the others stale', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let agendaReads = 0;
    let plansReads = 0;
    const agenda = { queryKey: ['sessions', 'range', 'a', 'b'], queryFn: () => ++agendaReads };
    await queryClient.prefetchQuery(agenda);
    await queryClient.prefetchQuery({ queryKey: ['plans'], queryFn: () => ++plansReads });
    const stop = refetchWhenInvalidated(queryClient, () => [agenda]);

    await queryClient.invalidateQueries();
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(queryClient.getQueryData(agenda.queryKey)).toBe(2);
    expect(queryClient.getQueryState(['sessions', 'range', 'a', 'b'])?.isInvalidated).toBe(false);
    expect(plansReads).toBe(1);
    expect(queryClient.getQueryState(['plans'])?.isInvalidated).toBe(true);

    stop();
    await queryClient.invalidateQueries();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(agendaReads).toBe(2);
  });

});
