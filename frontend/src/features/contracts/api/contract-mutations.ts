import { contractsApi } from '@contracts/agreements/api';
import { api } from '../../../lib/api-client';
import { useOperation } from '../../../entities/operation';
import { saveFile } from '../../../lib/save-file';

/** POST /api/contracts; the form checks the body with contracts' createContractSchema first. */
export const useCreateContract = () => useOperation(contractsApi.create);

/** PATCH /api/contracts/:id: new text (a new version once signed) or { isActive: false }. */
export const useUpdateContract = () => useOperation(contractsApi.update);

/** GET /api/contracts/:id/signatures/:signatureId.pdf: the signed copy, saved by the browser. */
export async function downloadSignedCopy(contractId: string, signatureId: string): Promise<void> {
  const { blob, filename } = await api.fetchFile(contractsApi.signaturePdf, { params: { id: contractId, signatureId } });
  saveFile(blob, filename ?? `contrato-assinado-${signatureId}.pdf`);
}
