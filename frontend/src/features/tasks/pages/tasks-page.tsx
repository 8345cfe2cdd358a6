import type { Task, TaskList } from '@contracts/tasks/api';
import { Box } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { taskListsQuery } from '../../../entities/task-lists';
import { tasksQuery } from '../../../entities/tasks';
import { itemsOf } from '../../../lib/contract-query';
import { notifySuccess } from '../../../lib/notify';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { useOptimisticTaskChange } from '../api/task-mutations';
import { RemoveTaskListDialog } from '../components/remove-task-list-dialog';
import { TaskDetailDialog } from '../components/task-detail-dialog';
import { TaskFormDialog, type TaskFormTarget } from '../components/task-form-dialog';
import { TaskListFormDialog, type TaskListFormTarget } from '../components/task-list-form-dialog';
import { TaskListPanel } from '../components/task-list-panel';
import { TaskListsChips, TaskListsColumn } from '../components/task-lists-nav';
import classes from '../components/tasks.module.css';
import { todayInTenantZone } from '../lib/due-label';
import {
  ALL_TASKS,
  completedTasks,
  listForNewTask,
  openCounts,
  openTasks,
  reorder,
  tasksOf,
} from '../lib/task-views';
import { useOperation } from '../../../entities/operation';
import { tasksApi } from '@contracts/tasks/api';

/** `?lista=<id>` keeps the chosen list in the address; `?nova=1` opens the new-task form (the agenda's add buttons link here). */
const LIST_PARAM = 'lista';
const NEW_PARAM = 'nova';

/** The agenda's tasks view (spec 000 §2 "Tasks view"), at /agenda/tarefas. */
export function TasksPage() {
  const lists = useQuery({ ...taskListsQuery(), select: itemsOf });
  const tasks = useQuery({ ...tasksQuery(), select: itemsOf });
  const [params, setParams] = useSearchParams();
  const change = useOptimisticTaskChange();
  // A completion or reopening on its way (until the list is read again): a second tap meanwhile,
  // on the same task or on the one that took its place, is the same tap. The boxes say so (disabled)
  // and wait; the ref holds taps that come before the next render.
  const togglingNow = useRef(false);
  const [toggling, setToggling] = useState(false);
  const remove = useOperation(tasksApi.remove);
  const detail = useDialogTarget<string>();
  const form = useDialogTarget<TaskFormTarget>();
  const listForm = useDialogTarget<TaskListFormTarget>();
  const removingList = useDialogTarget<TaskList>();
  const [announcement, setAnnouncement] = useState('');
  const today = todayInTenantZone();

  const allLists = useMemo(() => lists.data ?? [], [lists.data]);
  const allTasks = useMemo(() => tasks.data ?? [], [tasks.data]);
  const listsById = useMemo(() => new Map(allLists.map((list) => [list.id, list])), [allLists]);
  // Spec 000 §2: the first list is selected automatically.
  const chosen = params.get(LIST_PARAM);
  const selected =
    chosen === ALL_TASKS || (chosen && listsById.has(chosen))
      ? chosen
      : (allLists[0]?.id ?? ALL_TASKS);
  const shown = tasksOf(allTasks, selected);
  const open = openTasks(shown);
  const done = completedTasks(shown);
  const selectedList = listsById.get(selected);

  const setParam = useCallback(
    (name: string, value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const newTaskListId = listForNewTask(allLists, selected);
  const creatingFromLink = params.get(NEW_PARAM) === '1' && newTaskListId !== undefined;
  const formTarget: TaskFormTarget | null = creatingFromLink
    ? { kind: 'new', listId: newTaskListId }
    : form.target;
  const closeForm = () => {
    if (creatingFromLink) setParam(NEW_PARAM, null);
    form.close();
  };

  const toggle = (task: Task) => {
    if (togglingNow.current) return;
    togglingNow.current = true;
    setToggling(true);
    change.mutate(
      { params: { id: task.id }, body: { concluida: !task.concluida } },
      {
        onSettled: () => {
          togglingNow.current = false;
          setToggling(false);
        },
      },
    );
  };

  const move = (from: number, to: number) => {
    const changes = reorder(open, from, to);
    for (const { id, ordem } of changes) change.mutate({ params: { id }, body: { ordem } });
    if (changes.length > 0)
      setAnnouncement(`"${open[from].titulo}" movida para a posição ${to + 1} de ${open.length}.`);
  };

  const removeDone = (task: Task) =>
    remove.mutate(
      { params: { id: task.id } },
      { onSuccess: () => notifySuccess('Tarefa excluída com sucesso!') },
    );

  if (lists.isPending || tasks.isPending) return <PageLoader />;
  if (lists.isError || tasks.isError)
    return (
      <LoadError
        title="Erro ao carregar tarefas"
        error={lists.error ?? tasks.error}
        onRetry={() => {
          void lists.refetch();
          void tasks.refetch();
        }}
      />
    );

  const navProps = {
    lists: allLists,
    selected,
    counts: openCounts(allTasks),
    onSelect: (id: string) => setParam(LIST_PARAM, id),
    onCreateList: () => listForm.open({ kind: 'new' }),
  };

  return (
    <>
      <div className={classes.layout}>
        <Box visibleFrom="sm">
          <TaskListsColumn {...navProps} />
        </Box>
        <Box hiddenFrom="sm">
          <TaskListsChips {...navProps} />
        </Box>
        <TaskListPanel
          list={selectedList}
          open={open}
          done={done}
          listsById={listsById}
          today={today}
          onNew={() => newTaskListId && form.open({ kind: 'new', listId: newTaskListId })}
          onOpen={(task) => detail.open(task.id)}
          onToggle={toggle}
          toggling={toggling}
          onMove={move}
          onRemoveDone={removeDone}
          onEditList={(list) => listForm.open({ kind: 'edit', list })}
          onRemoveList={removingList.open}
          announcement={announcement}
        />
      </div>

      <TaskFormDialog
        target={formTarget}
        opened={form.opened || creatingFromLink}
        lists={allLists}
        onClose={closeForm}
      />
      <TaskDetailDialog
        task={allTasks.find((task) => task.id === detail.target) ?? null}
        list={listsById.get(allTasks.find((task) => task.id === detail.target)?.listId ?? '')}
        opened={detail.opened && allTasks.some((task) => task.id === detail.target)}
        onClose={detail.close}
        onToggle={toggle}
        onEdit={(task) => {
          detail.close();
          form.open({ kind: 'edit', task });
        }}
      />
      <TaskListFormDialog
        target={listForm.target}
        opened={listForm.opened}
        lists={allLists}
        onClose={listForm.close}
        onCreated={(id) => setParam(LIST_PARAM, id)}
      />
      <RemoveTaskListDialog
        list={removingList.target}
        opened={removingList.opened}
        tasks={
          removingList.target
            ? allTasks.filter((task) => task.listId === removingList.target?.id)
            : []
        }
        defaultList={allLists.find((list) => list.padrao)}
        onClose={removingList.close}
        onRemoved={() => setParam(LIST_PARAM, null)}
      />
    </>
  );
}
