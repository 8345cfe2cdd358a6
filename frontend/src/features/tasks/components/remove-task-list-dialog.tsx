import { type Task, type TaskList, tasksApi, taskListsApi } from '@contracts/tasks/api';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateAfter } from '../../../entities/operation';
import { isApiError } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { updateTask } from '../api/task-mutations';
import { tasksCountLabel } from '../lib/task-views';
import { useOperation } from '../../../entities/operation';

interface BodyProps {
  list: TaskList;
  /** The list's tasks, open and completed. */
  tasks: readonly Task[];
  defaultList: TaskList | undefined;
  onClose: () => void;
  onRemoved: () => void;
}

function RemoveTaskListBody({ list, tasks, defaultList, onClose, onRemoved }: BodyProps) {
  const queryClient = useQueryClient();
  const remove = useOperation(taskListsApi.remove);
  const [moving, setMoving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);

  const removeList = () =>
    remove.mutate(
      { params: { id: list.id } },
      {
        onSuccess: () => {
          notifySuccess('Lista excluída');
          onRemoved();
          onClose();
        },
        onError: (error) => {
          // A task arrived in the list meanwhile (another device): say so and let the trainer look again.
          if (isApiError(error, 'has_links')) setConflict(error.message);
          else notifyError('Erro ao excluir lista', error);
        },
      },
    );

  /** The API keeps a list with tasks (409 has_links): its tasks go to the default list first, one by one. */
  const moveThenRemove = async () => {
    if (!defaultList) return;
    setMoving(true);
    setConflict(null);
    try {
      for (const task of tasks)
        await updateTask({ params: { id: task.id }, body: { listId: defaultList.id } });
    } catch (error) {
      notifyError('Erro ao mover as tarefas', error);
      return;
    } finally {
      setMoving(false);
      void invalidateAfter(queryClient, tasksApi.update);
    }
    removeList();
  };

  return (
    <Stack gap="lg">
      {tasks.length === 0 ? (
        <Text size="sm">
          Excluir a lista <strong>{list.nome}</strong>? Esta ação não pode ser desfeita.
        </Text>
      ) : (
        <Text size="sm">
          A lista <strong>{list.nome}</strong>{' '}
          {tasks.length === 1
            ? 'tem 1 tarefa. Ao excluí-la, a tarefa vai'
            : `tem ${tasksCountLabel(tasks.length)}, contando as concluídas. Ao excluí-la, elas vão`}{' '}
          para <strong>{defaultList?.nome ?? 'a lista padrão'}</strong>.
        </Text>
      )}
      {conflict && (
        <Alert color="yellow" variant="light" title="Não foi possível excluir" role="alert">
          {conflict}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        {tasks.length === 0 ? (
          <Button color="red" onClick={removeList} loading={remove.isPending}>
            Excluir
          </Button>
        ) : (
          <Button
            color="red"
            onClick={() => void moveThenRemove()}
            loading={moving || remove.isPending}
          >
            Mover e excluir
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export interface RemoveTaskListDialogProps extends Omit<BodyProps, 'list'> {
  list: TaskList | null;
  opened: boolean;
}

/** Deleting a list: at once when empty; with tasks, they move to the default list first. */
export function RemoveTaskListDialog({
  list,
  opened,
  onClose,
  ...props
}: RemoveTaskListDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Excluir lista" centered>
      {list && <RemoveTaskListBody key={list.id} list={list} onClose={onClose} {...props} />}
    </Modal>
  );
}
