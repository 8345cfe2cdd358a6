import {
  nextOccurrenceDate,
  REPETICAO_LABELS,
  REPETICOES,
  type Repeticao,
  type Task,
  type TaskList,
  tasksApi,
} from '@contracts/tasks/api';
import {
  Alert,
  Checkbox,
  ColorSwatch,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { notifyOutcome, notifySuccess } from '../../../lib/notify';
import { useFormFields } from '../../../lib/use-form-fields';
import { dueLabel, todayInTenantZone } from '../lib/due-label';
import {
  emptyTaskForm,
  hasTitle,
  taskFormValues,
  type TaskFormValues,
  validateTaskForm,
} from '../lib/task-form';
import { useOperation } from '../../../entities/operation';

/** What the form is for: a new task (in a list chosen beforehand) or an existing one. */
export type TaskFormTarget = { kind: 'new'; listId: string } | { kind: 'edit'; task: Task };

/** 'Ao concluir, a próxima será criada para qui., 12 de mar.' */
function repeatHint(values: TaskFormValues): string | undefined {
  if (values.repeticao === 'nenhuma') return undefined;
  if (!values.dataVencimento)
    return 'Ao concluir, a próxima será criada a partir do dia da conclusão.';
  const next = nextOccurrenceDate(values.dataVencimento, values.repeticao);
  return `Ao concluir, a próxima será criada para ${dueLabel({ dataVencimento: next, horaVencimento: null }, todayInTenantZone())?.toLowerCase()}.`;
}

function TaskForm({
  target,
  lists,
  onClose,
}: {
  target: TaskFormTarget;
  lists: readonly TaskList[];
  onClose: () => void;
}) {
  const { values, errors, change, submitWith, field } = useFormFields<TaskFormValues>(() =>
    target.kind === 'edit' ? taskFormValues(target.task) : emptyTaskForm(target.listId),
  );
  const create = useOperation(tasksApi.create);
  const update = useOperation(tasksApi.update);
  /** A creation the API refused (spec 000 §8: no toast), said here so what was typed is not lost silently. */
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof TaskFormValues>(key: K, value: TaskFormValues[K]) =>
    change((current) => ({ ...current, [key]: value }));

  const send = submitWith(validateTaskForm, (body) => {
    setFailure(null);
    if (target.kind === 'new') {
      create.mutate(
        { body },
        {
          onSuccess: () => {
            notifySuccess('Tarefa criada com sucesso!');
            onClose();
          },
          onError: (error) => setFailure(error.message || 'Tente novamente.'),
        },
      );
    } else {
      update.mutate(
        { params: { id: target.task.id }, body },
        notifyOutcome('Tarefa atualizada com sucesso!', 'Erro ao atualizar tarefa', onClose),
      );
    }
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec 000 §5: without a title nothing happens.
    if (hasTitle(values)) send();
  };

  const list = lists.find((item) => item.id === values.listId);
  const noDate = values.dataVencimento === '';

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Título"
          placeholder="Ex.: Enviar o treino da semana"
          {...field('titulo')}
          maxLength={200}
          data-autofocus
        />
        <Textarea
          label="Descrição"
          placeholder="Detalhes (opcional)"
          autosize
          minRows={2}
          maxRows={6}
          {...field('descricao')}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput type="date" label="Data" {...field('dataVencimento')} />
          {!values.diaInteiro && !noDate && (
            <TextInput type="time" label="Horário" {...field('horaVencimento')} />
          )}
        </SimpleGrid>
        <Checkbox
          label="Dia inteiro"
          checked={noDate || values.diaInteiro}
          disabled={noDate}
          description={noDate ? 'Escolha uma data para definir um horário.' : undefined}
          onChange={(event) => set('diaInteiro', event.currentTarget.checked)}
        />
        <NativeSelect
          label="Repetir"
          value={values.repeticao}
          onChange={(event) => set('repeticao', event.currentTarget.value as Repeticao)}
          data={REPETICOES.map((value) => ({ value, label: REPETICAO_LABELS[value] }))}
          description={repeatHint(values)}
          error={errors.repeticao}
        />
        <NativeSelect
          label="Lista"
          value={values.listId}
          onChange={(event) => set('listId', event.currentTarget.value)}
          data={lists.map((item) => ({ value: item.id, label: item.nome }))}
          leftSection={list && <ColorSwatch color={list.cor} size={12} withShadow={false} />}
          error={errors.listId}
        />
        {failure && (
          <Alert color="red" variant="light" title="Não foi possível criar a tarefa" role="alert">
            {failure}
          </Alert>
        )}
        <FormActions
          onCancel={onClose}
          submitLabel={target.kind === 'new' ? 'Criar tarefa' : 'Salvar'}
          pending={create.isPending || update.isPending}
          disabled={!hasTitle(values)}
        />
      </Stack>
    </form>
  );
}

export interface TaskFormDialogProps {
  target: TaskFormTarget | null;
  opened: boolean;
  lists: readonly TaskList[];
  onClose: () => void;
}

/** 'Nova tarefa' and 'Editar tarefa' (spec 000 §2): title, description, date, time or 'Dia inteiro', repeat, list. */
export function TaskFormDialog({ target, opened, lists, onClose }: TaskFormDialogProps) {
  const key = target?.kind === 'edit' ? target.task.id : `new-${target?.listId ?? ''}`;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={target?.kind === 'edit' ? 'Editar tarefa' : 'Nova tarefa'}
      centered
    >
      {target && <TaskForm key={key} target={target} lists={lists} onClose={onClose} />}
    </Modal>
  );
}
