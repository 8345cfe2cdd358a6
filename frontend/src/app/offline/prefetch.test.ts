import { QueryClient } from '@tanstack/react-query';
import { sessionsQuery, weekSessionsQuery } from '../../entities/sessions';
import { fetchedRange } from '../../features/agenda/lib/calendar';
import { refetchWhenInvalidated } from './prefetch';

describe('weekSessionsQuery', () => {
  it("is the agenda's read of a day or a week: the week kept for offline is the one the agenda shows", () => {
    for (const date of ['2030-05-04', '2030-05-05', '2030-05-10', '2030-12-31']) {
      const week = weekSessionsQuery(date).queryKey;
      expect(week).toEqual(sessionsQuery(fetchedRange('dia', date)).queryKey);
      expect(week).toEqual(sessionsQuery(fetchedRange('semana', date)).queryKey);
    }
  });
});

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
