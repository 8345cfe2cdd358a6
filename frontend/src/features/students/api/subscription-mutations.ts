import { subscriptionsApi } from '@contracts/charges/api';
import { useOperation } from '../../../entities/operation';

/** POST /api/students/:id/subscription { planId, inicio, cpf } -> 201 the subscription (finance's previsto counts its cycles). */
export const useSubscribe = () => useOperation(subscriptionsApi.subscribe);

/** POST /api/subscriptions/:id/cancel: from the next cycle (a cycle issued ahead is cancelled). */
export const useCancelSubscription = () => useOperation(subscriptionsApi.cancel);

/** POST /api/subscriptions/:id/pix-automatico/solicitacao { ispb, agencia, conta }: the student's bank asks them to authorise. */
export const useRequestRecurrenceAuthorisation = () =>
  useOperation(subscriptionsApi.requestAuthorisation);

/** POST /api/subscriptions/:id/pause { ciclos: 1..3 | null }: no cycle charged meanwhile (finance's previsto leaves them out). */
export const usePauseSubscription = () => useOperation(subscriptionsApi.pause);

/** POST /api/subscriptions/:id/resume: charged again from the next cycle not yet due. */
export const useResumeSubscription = () => useOperation(subscriptionsApi.resume);

/** POST /api/subscriptions/:id/retry-cycle: 'Tentar de novo' a cycle the PSP did not issue. */
export const useRetryCycle = () => useOperation(subscriptionsApi.retryCycle);
