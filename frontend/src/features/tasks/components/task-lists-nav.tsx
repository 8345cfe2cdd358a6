import type { TaskList } from '@contracts/tasks/api';
import { Card, ColorSwatch, Stack, UnstyledButton } from '@mantine/core';
import IconListCheck from '@tabler/icons-react/dist/esm/icons/IconListCheck.mjs';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import { ALL_TASKS } from '../lib/task-views';
import classes from './tasks.module.css';

export interface TaskListsNavProps {
  lists: readonly TaskList[];
  selected: string;
  /** Open tasks per list id. */
  counts: ReadonlyMap<string, number>;
  onSelect: (id: string) => void;
  onCreateList: () => void;
}

const allCount = (counts: ReadonlyMap<string, number>) => [...counts.values()].reduce((sum, count) => sum + count, 0);

/** From 768 px: the lists in a column ('Todas as tarefas', each list with its colour, 'Criar nova lista'). */
export function TaskListsColumn({ lists, selected, counts, onSelect, onCreateList }: TaskListsNavProps) {
  return (
    <Card className={classes.listNav} padding="xs" component="nav" aria-label="Listas de tarefas">
      <Stack gap={2}>
        <UnstyledButton
          className={classes.listItem}
          aria-current={selected === ALL_TASKS}
          onClick={() => onSelect(ALL_TASKS)}
        >
          <IconListCheck size={18} stroke={1.75} />
          <span className={classes.listName}>Todas as tarefas</span>
          <span className={classes.listCount} aria-hidden>
            {allCount(counts) || ''}
          </span>
        </UnstyledButton>
        {lists.map((list) => (
          <UnstyledButton
            key={list.id}
            className={classes.listItem}
            aria-current={selected === list.id}
            onClick={() => onSelect(list.id)}
          >
            <ColorSwatch color={list.cor} size={14} withShadow={false} style={{ flexShrink: 0, marginInline: 2 }} />
            <span className={classes.listName}>{list.nome}</span>
            <span className={classes.listCount} aria-hidden>
              {counts.get(list.id) || ''}
            </span>
          </UnstyledButton>
        ))}
        <UnstyledButton className={classes.listItem} onClick={onCreateList} c="var(--mantine-color-anchor)">
          <IconPlus size={18} />
          <span className={classes.listName}>Criar nova lista</span>
        </UnstyledButton>
      </Stack>
    </Card>
  );
}

/** Below 768 px: the same choices as a row of chips that scrolls sideways, above the tasks. */
export function TaskListsChips({ lists, selected, onSelect, onCreateList }: TaskListsNavProps) {
  return (
    <nav aria-label="Listas de tarefas" className={classes.chipBar}>
      <UnstyledButton className={classes.chip} aria-current={selected === ALL_TASKS} onClick={() => onSelect(ALL_TASKS)}>
        Todas as tarefas
      </UnstyledButton>
      {lists.map((list) => (
        <UnstyledButton
          key={list.id}
          className={classes.chip}
          aria-current={selected === list.id}
          onClick={() => onSelect(list.id)}
        >
          <ColorSwatch color={list.cor} size={12} withShadow={false} />
          {list.nome}
        </UnstyledButton>
      ))}
      <UnstyledButton className={`${classes.chip} ${classes.chipAdd}`} onClick={onCreateList}>
        <IconPlus size={16} />
        Criar nova lista
      </UnstyledButton>
    </nav>
  );
}
