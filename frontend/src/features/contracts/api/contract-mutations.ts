import { contractsApi } from '@contracts/agreements/api';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** GET /api/contracts/:id/signatures/:signatureId.pdf: the signed copy, saved by the browser. */
export async function downloadSignedCopy(contractId: string, signatureId: string): Promise<void> {
  const { blob, filename } = await api.fetchFile(contractsApi.signaturePdf, {
    params: { id: contractId, signatureId },
  });
  saveFile(blob, filename ?? `contrato-assinado-${signatureId}.pdf`);
}
