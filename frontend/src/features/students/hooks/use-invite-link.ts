import { identityApi, INVITE_VALIDITY_DAYS } from '@contracts/identity/api';
import type { Student } from '@contracts/students/api';
import { useMutation, useMutationState } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api-client';
import { copyText } from '../../../lib/clipboard';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { studentsKey } from '../../../entities/students';

const inviteKey = [...studentsKey, 'invite'] as const;

export const INVITE_ERROR_MESSAGE = 'Não foi possível gerar o link de convite.';

/**
 * Gerar Link de Convite: creates the invite and copies its link ('Link copiado!'). When the browser
 * will not copy, `manualLink` holds the link for a dialog where the user copies it by hand.
 */
export function useInviteLink() {
  const [manualLink, setManualLink] = useState<{ nome: string; url: string } | null>(null);
  const mutation = useMutation({
    mutationKey: inviteKey,
    mutationFn: (student: Pick<Student, 'id' | 'nome'>) => api.call(identityApi.createInvite, { body: { studentId: student.id } }),
    onSuccess: async ({ inviteUrl }, student) => {
      if (await copyText(inviteUrl)) {
        notifySuccess('Link copiado!', `Envie para ${student.nome}: o convite vale por ${INVITE_VALIDITY_DAYS} dias.`);
      } else {
        setManualLink({ nome: student.nome, url: inviteUrl });
      }
    },
    // 'Erro' / 'Não foi possível gerar o link de convite.', or what the API said (e.g. the student already has an account).
    onError: (error) => notifyError('Erro', error, INVITE_ERROR_MESSAGE),
  });
  const invitingIds = useMutationState({
    filters: { mutationKey: inviteKey, status: 'pending' },
    select: (pending) => (pending.state.variables as Pick<Student, 'id'>).id,
  });
  return { invite: mutation.mutate, invitingIds, manualLink, closeManualLink: () => setManualLink(null) };
}
