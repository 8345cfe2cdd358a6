import type { Student } from '@contracts/students/api';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import IconAlertTriangle from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { isApiError } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteStudent } from '../api/student-mutations';
import { useOperation } from '../../../entities/operation';
import { studentsApi } from '@contracts/students/api';

export const DELETE_ERROR_MESSAGE = 'Não foi possível excluir o aluno.';

/**
 * Excluir with a confirmation. A student with sessions or payments cannot be removed (409
 * has_links): the toast 'Erro ao excluir' gives the API's message and the dialog offers Inativar.
 */
export function DeleteStudentDialog({
  student,
  onClose,
  onDeleted,
}: {
  student: Student | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  return (
    <Modal opened={student !== null} onClose={onClose} title="Excluir aluno" centered>
      {student && (
        <DeleteConfirmation
          key={student.id}
          student={student}
          onClose={onClose}
          onDeleted={onDeleted}
        />
      )}
    </Modal>
  );
}

function DeleteConfirmation({
  student,
  onClose,
  onDeleted,
}: {
  student: Student;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteStudent();
  const update = useOperation(studentsApi.update);
  const [conflict, setConflict] = useState<string | null>(null);

  const confirm = () =>
    remove.mutate(
      { params: { id: student.id } },
      {
        onSuccess: () => {
          notifySuccess('Aluno excluído', 'O aluno foi removido com sucesso.');
          onClose();
          onDeleted?.();
        },
        onError: (error) => {
          notifyError('Erro ao excluir', error, DELETE_ERROR_MESSAGE);
          if (isApiError(error, 'has_links')) setConflict(error.message);
        },
      },
    );

  const inactivate = () =>
    update.mutate(
      { params: { id: student.id }, body: { ativo: false } },
      {
        onSuccess: () => {
          notifySuccess('Aluno atualizado', `${student.nome} foi inativado.`);
          onClose();
        },
        onError: (error) => notifyError('Erro ao atualizar aluno', error),
      },
    );

  if (conflict) {
    return (
      <Stack gap="md">
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Erro ao excluir">
          {conflict}
        </Alert>
        <Text size="sm">
          Inativar tira <strong>{student.nome}</strong> da lista de alunos ativos e mantém o
          histórico.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          {student.ativo && (
            <Button color="orange" loading={update.isPending} onClick={inactivate}>
              Inativar
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        Tem certeza que deseja excluir <strong>{student.nome}</strong>? Esta ação não pode ser
        desfeita.
      </Text>
      <FormActions
        onCancel={onClose}
        submitLabel="Excluir"
        onSubmit={confirm}
        pending={remove.isPending}
        color="red"
      />
    </Stack>
  );
}
