import type { Task, TaskList } from '@contracts/tasks/api';
import { ActionIcon, Button, Card, Collapse, ColorSwatch, Group, Menu, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import IconChevronRight from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
import IconDots from '@tabler/icons-react/dist/esm/icons/IconDots.mjs';
import IconListCheck from '@tabler/icons-react/dist/esm/icons/IconListCheck.mjs';
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { useId, useState } from 'react';
import { useSortable } from '../lib/use-sortable';
import { tasksCountLabel } from '../lib/task-views';
import { DoneTaskRow, OpenTaskRow } from './task-row';
import classes from './tasks.module.css';

export interface TaskListPanelProps {
  /** The list shown; none for 'Todas as tarefas'. */
  list: TaskList | undefined;
  open: readonly Task[];
  done: readonly Task[];
  listsById: ReadonlyMap<string, TaskList>;
  today: string;
  onNew: () => void;
  onOpen: (task: Task) => void;
  onToggle: (task: Task) => void;
  /** A completion or reopening is on its way: the boxes wait for it. */
  toggling: boolean;
  onMove: (from: number, to: number) => void;
  onRemoveDone: (task: Task) => void;
  onEditList: (list: TaskList) => void;
  onRemoveList: (list: TaskList) => void;
  /** What the last keyboard or drag move did, read out to screen readers. */
  announcement: string;
}

/** The right side of the tasks view: the open tasks in the trainer's order, then 'Concluída (N)'. */
export function TaskListPanel(props: TaskListPanelProps) {
  const { list, open, done, listsById, today, onNew, onOpen, onToggle, toggling, onMove, onRemoveDone, announcement } = props;
  const { listRef, handleProps, itemStyle, dragging } = useSortable(onMove);
  const [showDone, setShowDone] = useState(false);
  const moveHintId = useId();
  const doneId = useId();
  const titleId = useId();
  const showList = list === undefined;
  /** What every row, open or done, is drawn from: the task, its list when all lists show, and the actions. */
  const rowProps = (task: Task) => ({
    task,
    list: showList ? listsById.get(task.listId) : undefined,
    today,
    onToggle,
    toggling,
    onOpen,
  });
  const empty = open.length === 0 && done.length === 0;

  return (
    <Card padding="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" wrap="nowrap" gap="sm" mb="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {list ? (
            <ColorSwatch color={list.cor} size={14} withShadow={false} style={{ flexShrink: 0 }} />
          ) : (
            <IconListCheck size={20} stroke={1.75} style={{ flexShrink: 0 }} />
          )}
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="lg" id={titleId} lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
              {list?.nome ?? 'Todas as tarefas'}
            </Title>
            <Text size="xs" c="dimmed">
              {open.length === 0 ? 'Nenhuma pendente' : `${tasksCountLabel(open.length)} pendente${open.length === 1 ? '' : 's'}`}
            </Text>
          </div>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Button onClick={onNew} leftSection={<IconPlus size={18} />} size="sm" visibleFrom="sm">
            Nova tarefa
          </Button>
          <ActionIcon onClick={onNew} variant="light" size="lg" hiddenFrom="sm" aria-label="Nova tarefa">
            <IconPlus size={20} />
          </ActionIcon>
          {list && (
            <Menu position="bottom-end" shadow="md" width={200}>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Opções da lista">
                  <IconDots size={20} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => props.onEditList(list)}>
                  Editar lista
                </Menu.Item>
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => props.onRemoveList(list)}
                  disabled={list.padrao}
                >
                  {list.padrao ? 'A lista padrão fica' : 'Excluir lista'}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>

      <VisuallyHidden id={moveHintId}>Arraste para mudar a ordem, ou use as setas para cima e para baixo.</VisuallyHidden>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>

      {empty ? (
        <Text c="dimmed" size="sm" ta="center" py="xl">
          Nenhuma tarefa nesta lista
        </Text>
      ) : (
        open.length > 0 && (
          <ul className={classes.taskList} ref={listRef} aria-label="Tarefas pendentes">
            {open.map((task, index) => (
              <OpenTaskRow
                key={task.id}
                {...rowProps(task)}
                style={itemStyle(index)}
                dragging={dragging === index}
                handle={handleProps(index, open.length)}
                moveHintId={moveHintId}
              />
            ))}
          </ul>
        )
      )}

      <UnstyledButton className={classes.addRow} onClick={onNew} mt={4}>
        <IconPlus size={20} />
        Adicionar tarefa
      </UnstyledButton>

      {done.length > 0 && (
        <Stack gap={0} mt="sm" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <UnstyledButton
            className={classes.doneHeader}
            aria-expanded={showDone}
            aria-controls={doneId}
            onClick={() => setShowDone((shown) => !shown)}
          >
            <IconChevronRight size={18} className={classes.chevron} />
            Concluída ({done.length})
          </UnstyledButton>
          <Collapse expanded={showDone} id={doneId}>
            <ul className={classes.taskList} aria-label="Tarefas concluídas">
              {done.map((task) => (
                <DoneTaskRow key={task.id} {...rowProps(task)} onRemove={onRemoveDone} />
              ))}
            </ul>
          </Collapse>
        </Stack>
      )}
    </Card>
  );
}
