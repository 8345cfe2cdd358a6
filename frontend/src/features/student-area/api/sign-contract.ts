import type { SignContractInput } from '@contracts/agreements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { studentAreaKeys } from './student-area-keys';

/** POST /api/contracts/:id/sign: the IP and user agent come from the request, not the body. */
export function signContract({ id, input }: { id: string; input: SignContractInput }) {
  return api.post<{ id: string; signatureId: string; position: number }>(
    `/contracts/${encodeURIComponent(id)}/sign`,
    input,
  );
}

export function useSignContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signContract,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentAreaKeys.all }),
  });
}

/** GET /api/student/contracts/:id/signed.pdf: the student's signed copy, saved by the browser. */
export async function downloadOwnSignedCopy(contractId: string): Promise<void> {
  const { blob, filename } = await api.download(`/student/contracts/${encodeURIComponent(contractId)}/signed.pdf`);
  saveFile(blob, filename ?? 'contrato-assinado.pdf');
}
