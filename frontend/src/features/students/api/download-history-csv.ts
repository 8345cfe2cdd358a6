import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** GET /api/students/:id/history.csv through the API client (it needs the Bearer token), saved as a file. */
export async function downloadHistoryCsv(id: string): Promise<void> {
  const { blob, filename } = await api.download(`/students/${encodeURIComponent(id)}/history.csv`);
  saveFile(blob, filename ?? `historico-${id}.csv`);
}

export function useDownloadHistoryCsv() {
  return useMutation({ mutationFn: downloadHistoryCsv });
}
