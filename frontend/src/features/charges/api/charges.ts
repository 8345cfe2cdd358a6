import type { Charge, ChargeAnswer, ChargeStatus, CreateChargeInput, PixSettingsView } from '@contracts/charges';
import type { PixSettingsInput } from '@contracts/pix';
import type { Plan } from '@contracts/plans';
import type { ListResponse, Student } from '@contracts/students';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/api-error';
import { chargeKeys } from './charge-keys';

/** GET /api/charges/:id: the charge as it stands (paid by the PSP while the dialog is open too). */
export function useCharge(id: string | null) {
  return useQuery({
    queryKey: chargeKeys.charge(id ?? ''),
    queryFn: ({ signal }) => api.get<Charge>(`/charges/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    retry: retryUnlessClientError,
  });
}

/** GET /api/charges?status=: the charges of a status, most recent first ('charge' changes refetch them). */
export function useCharges(status: ChargeStatus) {
  return useQuery({
    queryKey: chargeKeys.list(status),
    queryFn: async ({ signal }) =>
      (await api.get<ListResponse<Charge>>(`/charges?status=${encodeURIComponent(status)}`, { signal })).items,
  });
}

/** POST /api/charges: a pendente charge of the plan with its BR Code. */
export function useCreateCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateChargeInput) => api.post<ChargeAnswer>('/charges', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargeKeys.lists() }),
  });
}

/**
 * POST /api/charges/:id/confirm ('Marcar como pago'): the receita and the plan's credits, once;
 * the balance, the finances and the charge refetch (the realtime changes say so too).
 */
export function useConfirmCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ChargeAnswer>(`/charges/${encodeURIComponent(id)}/confirm`),
    onSuccess: async () => {
      await Promise.all(
        [chargeKeys.all, ['students'], ['finance'], ['agenda', 'students'], ['dashboard']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

/** POST /api/charges/:id/cancel */
export function useCancelCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ChargeAnswer>(`/charges/${encodeURIComponent(id)}/cancel`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargeKeys.all }),
  });
}

/** The plans on offer, under the plans feature's key (the realtime 'plan' change refetches it). */
export function useOfferedPlans() {
  return useQuery({
    queryKey: ['plans', 'list', { withArchived: false }] as const,
    queryFn: async ({ signal }) => (await api.get<ListResponse<Plan>>('/plans', { signal })).items,
  });
}

/** The students, under the students feature's key. */
export function useChargeableStudents() {
  return useQuery({
    queryKey: ['students', 'list'] as const,
    queryFn: async ({ signal }) => (await api.get<ListResponse<Student>>('/students', { signal })).items,
  });
}

/** GET /api/settings/receipts (the finance feature's key): the onboarding's emite_recibo. */
export function useIssuesReceipts() {
  return useQuery({
    queryKey: ['finance', 'receipt-settings'] as const,
    queryFn: ({ signal }) => api.get<{ emiteRecibo: boolean }>('/settings/receipts', { signal }),
    retry: retryUnlessClientError,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/settings/pix: `{ configurada: false }` until the first save. */
export function usePixSettings() {
  return useQuery({
    queryKey: chargeKeys.pixSettings(),
    queryFn: ({ signal }) => api.get<PixSettingsView | { configurada: false }>('/settings/pix', { signal }),
    retry: retryUnlessClientError,
  });
}

/** PUT /api/settings/pix */
export function useSavePixSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PixSettingsInput) => api.put<PixSettingsView & { id: string }>('/settings/pix', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargeKeys.pixSettings() }),
  });
}
