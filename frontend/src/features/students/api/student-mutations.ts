import { whatsAppApi } from '@contracts/messaging/api';
import { chargesApi } from '@contracts/charges/api';
import { studentsApi } from '@contracts/students/api';
import type { AnswerOf, InputOf } from '@contracts/shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { studentHistoryQuery, studentQuery } from '../../../entities/students';
import { api } from '../../../lib/api-client';
import type { OperationError } from '../../../lib/api-error';
import { invalidateAfter, useOperation } from '../../../entities/operation';
import { saveFile } from '../../../lib/save-file';

/** POST /api/students -> 201 { id, position }; the student starts with 0 credits. */
export const useCreateStudent = () => useOperation(studentsApi.create);

/** PATCH /api/students/:id with the fields that change; `{ ativo: false }` inactivates. */
export const useUpdateStudent = () => useOperation(studentsApi.update);

/** POST /api/students/:id/credits { amount, reason } (Renovar runs it from its own mutation). */
export const grantCredits = (input: InputOf<typeof studentsApi.grantCredits>) =>
  api.call(studentsApi.grantCredits, input);

/** POST /api/students/:id/credits/remove { amount, motivo }: Renovar's 'Desfazer'; 409 no_credits below zero. */
export const removeCredits = (input: InputOf<typeof studentsApi.removeCredits>) =>
  api.call(studentsApi.removeCredits, input);

/**
 * DELETE /api/students/:id; 409 has_links while sessions or payments refer to the student. The
 * student's own reads are dropped (they would answer 404), the rest refetch.
 */
export function useDeleteStudent() {
  const queryClient = useQueryClient();
  return useMutation<AnswerOf<typeof studentsApi.remove>, OperationError<typeof studentsApi.remove>, InputOf<typeof studentsApi.remove>>({
    mutationFn: (input) => api.call(studentsApi.remove, input),
    onSuccess: (_answer, { params: { id } }) => {
      for (const { queryKey } of [studentQuery(id), studentHistoryQuery(id)]) queryClient.removeQueries({ queryKey });
      return invalidateAfter(queryClient, studentsApi.remove);
    },
  });
}

/** GET /api/students/:id/history.csv through the API client (it needs the Bearer token), saved as a file. */
export async function downloadHistoryCsv(id: string): Promise<void> {
  const { blob, filename } = await api.fetchFile(studentsApi.historyCsv, { params: { id } });
  saveFile(blob, filename ?? `historico-${id}.csv`);
}

export function useDownloadHistoryCsv() {
  return useMutation({ mutationFn: downloadHistoryCsv });
}

/** GET /api/students/:id/export (JSON) or /export.pdf (the readable summary), saved as a file. */
export async function downloadStudentData(id: string, formato: 'json' | 'pdf'): Promise<void> {
  const { blob, filename } =
    formato === 'pdf'
      ? await api.fetchFile(studentsApi.exportPdf, { params: { id } })
      : await api.fetchFile(studentsApi.export, { params: { id } });
  saveFile(blob, filename ?? `dados-${id}.${formato}`);
}

export function useDownloadStudentData() {
  return useMutation({
    mutationFn: ({ id, formato }: { id: string; formato: 'json' | 'pdf' }) => downloadStudentData(id, formato),
  });
}

/**
 * POST /api/students/:id/erase { confirm: <nome> }: the student's key is destroyed and they leave
 * the list; their own reads are dropped (they would answer 404), the rest refetch.
 */
export function useEraseStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof studentsApi.erase>) => api.call(studentsApi.erase, input),
    onSuccess: (_answer, { params: { id } }) => {
      for (const { queryKey } of [studentQuery(id), studentHistoryQuery(id)]) queryClient.removeQueries({ queryKey });
      return invalidateAfter(queryClient, studentsApi.erase);
    },
  });
}

/**
 * POST /api/charges/:id/refund-credits { remover }: after the PSP gave a payment back, its credits
 * removed (never below zero) or kept; the charge and the balance refetch.
 */
export const useDecideRefundCredits = () =>
  useOperation(chargesApi.decideRefundCredits);

/** PUT /api/students/:id/channels: WhatsApp, e-mail, push, and the WhatsApp consent's evidence. */
export const useSaveStudentChannels = () => useOperation(whatsAppApi.saveChannels);
