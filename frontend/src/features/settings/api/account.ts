import { identityApi } from '@contracts/identity/api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** GET /api/account/export: the whole account, one CSV per table in a zip, saved by the browser. */
export async function downloadAccount(): Promise<void> {
  const { blob, filename } = await api.fetchFile(identityApi.exportAccount, {});
  saveFile(blob, filename ?? 'conta-vira.zip');
}

export const useDownloadAccount = () => useMutation({ mutationFn: downloadAccount });

/** POST /api/account/close { confirm: 'ENCERRAR' }: every key of the tenant destroyed, its rows removed. */
export const useCloseAccount = () =>
  useMutation({ mutationFn: (confirm: string) => api.call(identityApi.closeAccount, { body: { confirm } }) });
