import type { Task, TaskList } from '@contracts/tasks/api';
import { ActionIcon, Checkbox, ColorSwatch, UnstyledButton } from '@mantine/core';
import IconCalendarEvent from '@tabler/icons-react/dist/esm/icons/IconCalendarEvent.mjs';
import IconGripVertical from '@tabler/icons-react/dist/esm/icons/IconGripVertical.mjs';
import IconRepeat from '@tabler/icons-react/dist/esm/icons/IconRepeat.mjs';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { type CSSProperties, type HTMLAttributes, useId } from 'react';
import { formatDate } from '../../../lib/format';
import { dueLabel, isOverdue, repeatLabel } from '../lib/due-label';
import classes from './tasks.module.css';

interface RowProps {
  task: Task;
  /** The task's list, shown beside it in 'Todas as tarefas'. */
  list?: TaskList;
  today: string;
  onToggle: (task: Task) => void;
  onOpen: (task: Task) => void;
  /** A completion or reopening is on its way: the box waits for it. */
  toggling?: boolean;
}

function Meta({ id, task, list, today }: Pick<RowProps, 'task' | 'list' | 'today'> & { id: string }) {
  const due = dueLabel(task, today);
  const repeat = repeatLabel(task);
  if (!due && !repeat && !list && !task.concluidaEm) return null;
  return (
    <span className={classes.meta} id={id}>
      {task.concluida && task.concluidaEm && <span>Concluída em {formatDate(task.concluidaEm)}</span>}
      {due && (
        <span className={`${classes.metaItem} ${isOverdue(task, today) ? classes.overdue : ''}`}>
          <IconCalendarEvent size={14} aria-hidden />
          {due}
        </span>
      )}
      {repeat && !task.concluida && (
        <span className={classes.metaItem}>
          <IconRepeat size={14} aria-hidden />
          {repeat}
        </span>
      )}
      {list && (
        <span className={classes.metaItem}>
          <ColorSwatch color={list.cor} size={10} withShadow={false} aria-hidden />
          {list.nome}
        </span>
      )}
    </span>
  );
}

export interface OpenTaskRowProps extends RowProps {
  style?: CSSProperties;
  dragging: boolean;
  handle: HTMLAttributes<HTMLElement> & { style: CSSProperties };
  /** The hint that says how to move a task with the keyboard (its element id). */
  moveHintId: string;
}

/** An open task: tick it to complete it, open it to see or edit it, drag it by its handle. */
export function OpenTaskRow({ task, list, today, onToggle, toggling, onOpen, style, dragging, handle, moveHintId }: OpenTaskRowProps) {
  const metaId = useId();
  return (
    <li className={classes.task} data-sortable-item data-dragging={dragging || undefined} style={style}>
      <span className={classes.check}>
        <Checkbox
          radius="xl"
          size="md"
          checked={false}
          disabled={toggling}
          onChange={() => onToggle(task)}
          aria-label={`Concluir "${task.titulo}"`}
        />
      </span>
      <UnstyledButton className={classes.taskBody} onClick={() => onOpen(task)} aria-label={task.titulo} aria-describedby={metaId}>
        <span className={classes.taskTitle}>{task.titulo}</span>
        <Meta id={metaId} task={task} list={list} today={today} />
      </UnstyledButton>
      <UnstyledButton
        className={classes.handle}
        aria-label={`Mover "${task.titulo}"`}
        aria-describedby={moveHintId}
        {...handle}
      >
        <IconGripVertical size={20} stroke={1.75} />
      </UnstyledButton>
    </li>
  );
}

export interface DoneTaskRowProps extends RowProps {
  onRemove: (task: Task) => void;
}

/** A completed task in 'Concluída (N)': untick it to reopen it, or delete it. */
export function DoneTaskRow({ task, list, today, onToggle, toggling, onOpen, onRemove }: DoneTaskRowProps) {
  const metaId = useId();
  return (
    <li className={classes.task} data-done>
      <span className={classes.check}>
        <Checkbox
          radius="xl"
          size="md"
          checked
          disabled={toggling}
          onChange={() => onToggle(task)}
          aria-label={`Reabrir "${task.titulo}"`}
        />
      </span>
      <UnstyledButton className={classes.taskBody} onClick={() => onOpen(task)} aria-label={task.titulo} aria-describedby={metaId}>
        <span className={classes.taskTitle}>{task.titulo}</span>
        <Meta id={metaId} task={task} list={list} today={today} />
      </UnstyledButton>
      <span className={classes.check}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={() => onRemove(task)}
          aria-label={`Excluir "${task.titulo}"`}
        >
          <IconTrash size={18} stroke={1.75} />
        </ActionIcon>
      </span>
    </li>
  );
}
