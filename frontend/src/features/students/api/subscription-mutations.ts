import { subscriptionsApi } from '@contracts/charges/api';
import { useOperation } from '../../../entities/operation';

/** POST /api/students/:id/subscription { planId, inicio, cpf } -> 201 the subscription (finance's previsto counts its cycles). */
export const useSubscribe = () =>
  useOperation(subscriptionsApi.subscribe);

/** POST /api/subscriptions/:id/cancel: from the next cycle (a cycle issued ahead is cancelled). */
export const useCancelSubscription = () =>
  useOperation(subscriptionsApi.cancel);

/** POST /api/subscriptions/:id/pix-automatico/solicitacao { ispb, agencia, conta }: the student's bank asks them to authorise. */
export const useRequestRecurrenceAuthorisation = () =>
  useOperation(subscriptionsApi.requestAuthorisation);
