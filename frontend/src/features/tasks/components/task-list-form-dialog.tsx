import { TASK_LIST_COLORS, type TaskList, taskListsApi } from '@contracts/tasks/api';
import { CheckIcon, ColorSwatch, Group, Input, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { notifyOutcome, notifySuccess } from '../../../lib/notify';
import { useFormFields } from '../../../lib/use-form-fields';
import { nextListColor, type TaskListFormValues, validateTaskListForm } from '../lib/task-form';
import { useOperation } from '../../../entities/operation';

/** A new list, or one to rename and recolour. */
export type TaskListFormTarget = { kind: 'new' } | { kind: 'edit'; list: TaskList };

const COLOR_NAMES: Record<string, string> = {
  '#228be6': 'Azul',
  '#12b886': 'Verde-água',
  '#fab005': 'Amarelo',
  '#fa5252': 'Vermelho',
  '#be4bdb': 'Roxo',
  '#fd7e14': 'Laranja',
  '#15aabf': 'Ciano',
  '#40c057': 'Verde',
};

interface FormProps {
  target: TaskListFormTarget;
  lists: readonly TaskList[];
  onClose: () => void;
  onCreated: (id: string) => void;
}

function TaskListForm({ target, lists, onClose, onCreated }: FormProps) {
  const { values, errors, change, submitWith } = useFormFields<TaskListFormValues>(() =>
    target.kind === 'edit'
      ? { nome: target.list.nome, cor: target.list.cor }
      : { nome: '', cor: nextListColor(lists, TASK_LIST_COLORS) },
  );
  const create = useOperation(taskListsApi.create);
  const update = useOperation(taskListsApi.update);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = submitWith(validateTaskListForm, (body) => {
    if (target.kind === 'new') {
      create.mutate(
        { body },
        {
          onSuccess: ({ id }) => {
            notifySuccess('Lista criada com sucesso!');
            onCreated(id);
            onClose();
          },
          onError: (error) => setFailure(error.message),
        },
      );
    } else {
      update.mutate(
        { params: { id: target.list.id }, body },
        notifyOutcome('Lista atualizada', 'Erro ao atualizar lista', onClose),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Nome da lista"
          placeholder="Ex.: Academia, Avaliações, Pessoal"
          value={values.nome}
          onChange={(event) => {
            const nome = event.currentTarget.value;
            change((current) => ({ ...current, nome }));
          }}
          error={errors.nome}
          maxLength={60}
          data-autofocus
        />
        <Input.Wrapper label="Cor" error={errors.cor}>
          <Group gap={10} mt={6} role="radiogroup" aria-label="Cor">
            {TASK_LIST_COLORS.map((cor) => {
              const chosen = values.cor === cor;
              return (
                <ColorSwatch
                  key={cor}
                  component="button"
                  type="button"
                  color={cor}
                  size={32}
                  role="radio"
                  aria-checked={chosen}
                  aria-label={COLOR_NAMES[cor] ?? cor}
                  onClick={() => change((current) => ({ ...current, cor }))}
                  style={{ color: '#fff', cursor: 'pointer' }}
                >
                  {chosen && <CheckIcon size={14} />}
                </ColorSwatch>
              );
            })}
          </Group>
        </Input.Wrapper>
        {failure && <Input.Error role="alert">{failure}</Input.Error>}
        <FormActions
          onCancel={onClose}
          submitLabel={target.kind === 'new' ? 'Criar lista' : 'Salvar'}
          pending={create.isPending || update.isPending}
        />
      </Stack>
    </form>
  );
}

export interface TaskListFormDialogProps extends Omit<FormProps, 'target'> {
  target: TaskListFormTarget | null;
  opened: boolean;
}

/** 'Criar nova lista' and 'Editar lista': a name (required) and a colour. */
export function TaskListFormDialog({ target, opened, onClose, ...props }: TaskListFormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={target?.kind === 'edit' ? 'Editar lista' : 'Criar nova lista'}
      centered
    >
      {target && (
        <TaskListForm
          key={target.kind === 'edit' ? target.list.id : 'new'}
          target={target}
          onClose={onClose}
          {...props}
        />
      )}
    </Modal>
  );
}
