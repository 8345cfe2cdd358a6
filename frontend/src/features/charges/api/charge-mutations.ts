import { chargesApi, subscriptionsApi } from '@contracts/charges/api';
import { useOperation } from '../../../entities/operation';

/** POST /api/charges: a pendente charge of the plan with its BR Code. */
export const useCreateCharge = () => useOperation(chargesApi.create);

/**
 * POST /api/charges/:id/confirm ('Marcar como pago'): the receita and the plan's credits, once;
 * the charge, the balance and the finances refetch (the realtime changes say so too).
 */
export const useConfirmCharge = () =>
  useOperation(chargesApi.confirm);

/** POST /api/charges/:id/cancel */
export const useCancelCharge = () => useOperation(chargesApi.cancel);

/** POST /api/settings/pix/test ('Testar conexão'): nothing is saved. */
export const useTestPixConnection = () => useOperation(chargesApi.testPixConnection);

/** PUT /api/settings/pix */
export const useSavePixSettings = () => useOperation(chargesApi.setPixSettings);

/** POST /api/subscriptions/:id/retry-cycle: 'Tentar de novo' a cycle the PSP did not issue. */
export const useRetryCycle = () => useOperation(subscriptionsApi.retryCycle);
