import { CLOSE_ACCOUNT_WORD, confirmsClosing } from '@contracts/identity/api';
import { ACCOUNT_CLOSED_MESSAGE } from '@contracts/shared/personal-data';
import { List, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { TypedConfirmationDialog } from '../../../components/typed-confirmation-dialog';
import { paths } from '../../../config/paths';
import { leaveClosedAccountNotice } from '../../../lib/closed-account-notice';
import { notifyError } from '../../../lib/notify';
import { useSession } from '../../../lib/session-store';
import { useCloseAccount } from '../api/account';

/**
 * 'Encerrar conta': what happens said plainly, confirmed by typing ENCERRAR; then the app signs
 * out and the sign-in says the account no longer exists.
 */
export function CloseAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const close = useCloseAccount();
  const navigate = useNavigate();
  const clearSession = useSession((state) => state.clear);
  const confirm = (typed: string) =>
    close.mutate(typed, {
      onSuccess: () => {
        // The server ended every session of the account with it: only the local one is left.
        leaveClosedAccountNotice(ACCOUNT_CLOSED_MESSAGE);
        clearSession();
        void navigate(paths.auth, { replace: true });
      },
      onError: (error) => notifyError('Erro ao encerrar a conta', error),
    });

  return (
    <TypedConfirmationDialog
      opened={opened}
      onClose={onClose}
      title="Encerrar conta"
      label={`Para confirmar, digite ${CLOSE_ACCOUNT_WORD}`}
      confirms={confirmsClosing}
      submitLabel="Encerrar conta"
      pending={close.isPending}
      onConfirm={confirm}
    >
      <Text size="sm">Encerrar a conta apaga de vez, sem como desfazer:</Text>
      <List size="sm" spacing={2}>
        <List.Item>seus alunos, agenda, cobranças, finanças, contratos, tarefas e ajustes;</List.Item>
        <List.Item>os dados pessoais seus e dos seus alunos, também no histórico do Vira;</List.Item>
        <List.Item>o acesso de todos: você e seus alunos não conseguem mais entrar.</List.Item>
      </List>
      <Text size="sm">
        Quer guardar uma cópia? Antes, use “Exportar conta” em Ajustes: um arquivo .zip com uma planilha (CSV) por
        tabela.
      </Text>
    </TypedConfirmationDialog>
  );
}
