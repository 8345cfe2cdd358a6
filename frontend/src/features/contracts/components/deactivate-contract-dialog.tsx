import { CONTRACT_MESSAGES, type Contract, contractsApi } from '@contracts/agreements/api';
import { Text } from '@mantine/core';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifyOutcome } from '../../../lib/notify';
import type { TargetDialogProps } from '../../../lib/use-dialog-target';
import { useOperation } from '../../../entities/operation';

/** Deactivating is a soft delete: the contract leaves the lists and takes no new signatures. */
export function DeactivateContractDialog({
  contract,
  opened,
  onClose,
}: TargetDialogProps<'contract', Contract>) {
  const update = useOperation(contractsApi.update);
  const confirm = () => {
    if (!contract) return;
    update.mutate(
      { params: { id: contract.id }, body: { isActive: false } },
      notifyOutcome('Contrato desativado', CONTRACT_MESSAGES.updateError, onClose),
    );
  };
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title="Desativar contrato"
      confirmLabel="Desativar"
      onConfirm={confirm}
      pending={update.isPending}
    >
      <Text size="sm">
        Desativar <b>{contract?.titulo}</b>? Ele sai da lista dos alunos e não recebe novas
        assinaturas. As assinaturas já feitas e suas vias continuam guardadas.
      </Text>
    </ConfirmDialog>
  );
}
