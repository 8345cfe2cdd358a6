import { studentContractsApi } from '@contracts/agreements/api';
import type { InputOf } from '@contracts/shared/routes';
import { studentAreaApi } from '@contracts/student-area/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { studentAreaQuery } from '../../../entities/student-area';
import { api } from '../../../lib/api-client';
import { invalidateAfter } from '../../../entities/operation';
import { saveFile } from '../../../lib/save-file';

/**
 * POST /api/student/sessions/:id/cancel: `creditoQueimado` when the policy burned a credit. The
 * burned credit is written after the cancellation, by the students context: the area is read again
 * at the answer's position (which covers it), not only after the student's own write.
 */
export function useCancelOwnSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof studentAreaApi.cancel>) =>
      api.call(studentAreaApi.cancel, input),
    onSuccess: async ({ position }) => {
      const area = await api.call(
        studentAreaApi.me,
        {},
        { headers: { 'X-Min-Position': String(position) } },
      );
      queryClient.setQueryData(studentAreaQuery().queryKey, area);
    },
    onSettled: () => invalidateAfter(queryClient, studentAreaApi.cancel),
  });
}

/** GET /api/student/contracts/:id/signed.pdf: the student's signed copy, saved by the browser. */
export async function downloadOwnSignedCopy(contractId: string): Promise<void> {
  const { blob, filename } = await api.fetchFile(studentContractsApi.signedPdf, {
    params: { id: contractId },
  });
  saveFile(blob, filename ?? 'contrato-assinado.pdf');
}

/** GET /api/student/export (JSON, complete) or /export.pdf (the readable summary), saved by the browser. */
export async function downloadOwnData(formato: 'json' | 'pdf'): Promise<void> {
  const { blob, filename } =
    formato === 'pdf'
      ? await api.fetchFile(studentAreaApi.exportPdf, {})
      : await api.fetchFile(studentAreaApi.export, {});
  saveFile(blob, filename ?? `meus-dados.${formato}`);
}

export const useDownloadOwnData = () => useMutation({ mutationFn: downloadOwnData });
