import type { Task, TaskList } from '@contracts/tasks/api';
import { Button, ColorSwatch, Group, Modal, Stack, Text, Title } from '@mantine/core';
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
import IconRotate from '@tabler/icons-react/dist/esm/icons/IconRotate.mjs';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { type ReactNode, useState } from 'react';
import { formatPt, sentenceCase } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { isOverdue, repeatLabel, todayInTenantZone } from '../lib/due-label';
import { useOperation } from '../../../entities/operation';
import { tasksApi } from '@contracts/tasks/api';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** 'Quinta-feira, 5 de março de 2026, às 07:30' or '…, dia inteiro'. */
function dueText(task: Task): string {
  if (!task.dataVencimento) return 'Sem data';
  const day = sentenceCase(formatPt(task.dataVencimento, "EEEE, d 'de' MMMM 'de' yyyy"));
  return task.horaVencimento ? `${day}, às ${task.horaVencimento}` : `${day}, dia inteiro`;
}

interface DetailProps {
  task: Task;
  list: TaskList | undefined;
  onToggle: (task: Task) => void;
  onEdit: (task: Task) => void;
  onClose: () => void;
}

function TaskDetail({ task, list, onToggle, onEdit, onClose }: DetailProps) {
  const remove = useOperation(tasksApi.remove);
  const [confirming, setConfirming] = useState(false);
  const overdue = isOverdue(task, todayInTenantZone());

  const confirmRemoval = () =>
    remove.mutate(
      { params: { id: task.id } },
      {
        onSuccess: () => {
          notifySuccess('Tarefa excluída com sucesso!');
          onClose();
        },
        // Spec 000 §8: a failed deletion has no toast; the task simply stays, and so does this dialog.
        onError: () => setConfirming(false),
      },
    );

  return (
    <Stack gap="lg">
      <Title
        order={3}
        fz="lg"
        style={{ overflowWrap: 'anywhere' }}
        td={task.concluida ? 'line-through' : undefined}
      >
        {task.titulo}
      </Title>
      <Stack gap="sm">
        <Row label="Vencimento">
          <Text span size="sm" c={overdue ? 'red' : undefined} fw={overdue ? 600 : undefined}>
            {dueText(task)}
          </Text>
        </Row>
        <Row label="Repetição">{repeatLabel(task) ?? 'Não se repete'}</Row>
        <Row label="Lista">
          <Group gap={8} wrap="nowrap">
            {list && <ColorSwatch color={list.cor} size={12} withShadow={false} />}
            {list?.nome ?? '—'}
          </Group>
        </Row>
        {task.concluida && task.concluidaEm && (
          <Row label="Concluída em">
            {formatPt(new Date(task.concluidaEm), "dd/MM/yyyy 'às' HH:mm")}
          </Row>
        )}
        {task.descricao && (
          <Row label="Descrição">
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {task.descricao}
            </Text>
          </Row>
        )}
      </Stack>
      <Button
        variant={task.concluida ? 'default' : 'light'}
        leftSection={task.concluida ? <IconRotate size={18} /> : <IconCheck size={18} />}
        onClick={() => onToggle(task)}
        fullWidth
      >
        {task.concluida ? 'Reabrir tarefa' : 'Marcar como concluída'}
      </Button>
      <Group justify="space-between" gap="sm">
        {confirming ? (
          <Button
            color="red"
            onClick={confirmRemoval}
            loading={remove.isPending}
            leftSection={<IconTrash size={18} />}
          >
            Confirmar exclusão
          </Button>
        ) : (
          <Button
            variant="subtle"
            color="red"
            onClick={() => setConfirming(true)}
            leftSection={<IconTrash size={18} />}
          >
            Excluir
          </Button>
        )}
        <Button onClick={() => onEdit(task)} leftSection={<IconPencil size={18} />}>
          Editar
        </Button>
      </Group>
    </Stack>
  );
}

export interface TaskDetailDialogProps extends Omit<DetailProps, 'task'> {
  task: Task | null;
  opened: boolean;
}

/** The task detail dialog (spec 000 §2): everything about a task, and what can be done with it. */
export function TaskDetailDialog({ task, opened, onClose, ...props }: TaskDetailDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Detalhes da tarefa" centered>
      {task && <TaskDetail key={task.id} task={task} onClose={onClose} {...props} />}
    </Modal>
  );
}
