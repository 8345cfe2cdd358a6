import type { Plan } from '@contracts/plans/api';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRemovePlan, useUpdatePlan } from '../api/plan-mutations';

function RemovePlanBody({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const remove = useRemovePlan();
  const archive = useUpdatePlan();
  /** The API's answer when a student has the plan (409 has_links). */
  const [conflict, setConflict] = useState<string | null>(null);

  const confirm = () =>
    remove.mutate({ params: { id: plan.id } }, {
      onSuccess: () => {
        notifySuccess('Plano removido');
        onClose();
      },
      onError: (error) => {
        if (isApiError(error, 'has_links')) setConflict(error.message);
        else notifyError('Erro ao remover plano', error);
      },
    });

  const archiveInstead = () =>
    archive.mutate(
      { params: { id: plan.id }, body: { arquivado: true } },
      {
        onSuccess: () => {
          notifySuccess('Plano arquivado');
          onClose();
        },
        onError: (error) => notifyError('Erro ao atualizar plano', error),
      },
    );

  return (
    <Stack gap="lg">
      <Text size="sm">
        Remover o plano <strong>{plan.nome}</strong>? Esta ação não pode ser desfeita.
      </Text>
      {conflict && (
        <Alert color="yellow" variant="light" title="Não foi possível remover" role="alert">
          <Stack gap={6}>
            <Text size="sm">{conflict}</Text>
            {!plan.arquivado && (
              <Text size="sm">Arquive o plano: ele sai da lista e os alunos que já o têm continuam com ele.</Text>
            )}
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        {conflict ? (
          !plan.arquivado && (
            <Button onClick={archiveInstead} loading={archive.isPending} data-autofocus>
              Arquivar
            </Button>
          )
        ) : (
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Remover
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export function RemovePlanDialog({ plan, opened, onClose }: { plan: Plan | null; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Remover plano" centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {plan && <RemovePlanBody key={plan.id} plan={plan} onClose={onClose} />}
    </Modal>
  );
}
