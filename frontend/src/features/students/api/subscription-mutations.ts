import { subscriptionsApi } from '@contracts/charges/api';
import { chargesKey } from '../../../entities/charges';
import { financeSeriesKey, financeSummaryKey } from '../../../entities/finance-summary';
import { subscriptionsKey } from '../../../entities/subscriptions';
import { useOperation } from '../../../lib/contract-query';

/** POST /api/students/:id/subscription { planId, inicio, cpf } -> 201 the subscription (finance's previsto counts its cycles). */
export const useSubscribe = () =>
  useOperation(subscriptionsApi.subscribe, {
    invalidates: [subscriptionsKey, financeSummaryKey, financeSeriesKey],
  });

/** POST /api/subscriptions/:id/cancel: from the next cycle (a cycle issued ahead is cancelled). */
export const useCancelSubscription = () =>
  useOperation(subscriptionsApi.cancel, {
    invalidates: [subscriptionsKey, chargesKey, financeSummaryKey, financeSeriesKey],
  });

/** POST /api/subscriptions/:id/pix-automatico/solicitacao { ispb, agencia, conta }: the student's bank asks them to authorise. */
export const useRequestRecurrenceAuthorisation = () =>
  useOperation(subscriptionsApi.requestAuthorisation, { invalidates: [subscriptionsKey] });
