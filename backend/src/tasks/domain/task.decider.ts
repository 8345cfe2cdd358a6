import {
  type NewTask,
  nextOccurrenceDate,
  type TaskChanges,
  timeFieldsProblem,
} from '../../contracts/tasks/api';
import { DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import {
  ConflictError,
  type DomainError,
  ValidationError,
} from '../../platform/errors/domain-error';
import type { Decider } from '../../platform/event-store/decider';
import type { NextOccurrence, TaskDetails, TaskEvent } from './task.events';
import { taskNotFound } from './task.errors';

/**
 * `nextId`: the id the next occurrence gets if this command completes a repeating task (the
 * controller makes one for every command; only a completion that creates an occurrence uses it).
 */
export type TaskCommand =
  | { type: 'CreateTask'; task: NewTask & { listId: string }; nextId: string }
  | { type: 'UpdateTask'; changes: TaskChanges; nextId: string }
  | { type: 'RemoveTask' };

export interface TaskState {
  status: 'absent' | 'active' | 'removed';
  details: TaskDetails | null;
  concluida: boolean;
  /** The occurrence this task's completion created: a task repeats once, however often it is completed. */
  proximaId: string | null;
}

const initialState = (): TaskState => ({
  status: 'absent',
  details: null,
  concluida: false,
  proximaId: null,
});

function evolve(state: TaskState, event: TaskEvent): TaskState {
  switch (event.type) {
    case 'TaskCreated': {
      const { anteriorId: _anterior, ...details } = event.data;
      return { ...initialState(), status: 'active', details };
    }
    case 'TaskUpdated':
      return state.details ? { ...state, details: { ...state.details, ...event.data } } : state;
    case 'TaskCompleted':
      return { ...state, concluida: true, proximaId: event.data.proxima?.id ?? state.proximaId };
    case 'TaskReopened':
      return { ...state, concluida: false };
    case 'TaskRemoved':
      return { ...state, status: 'removed' };
  }
}

/** Today in the tenant's zone (America/Sao_Paulo), never the server's. */
const today = (now: Date) => zonedParts(now, DEFAULT_TIME_ZONE).date;

/**
 * The completion of a task with `details`. The first completion of a repeating task decides its
 * next occurrence: the next date after its due date (after today when it has none), the same
 * title, description, time, list, place and repetition.
 */
function completion(
  details: TaskDetails,
  state: Pick<TaskState, 'proximaId'>,
  now: Date,
  nextId: string,
): TaskEvent {
  const concluidaEm = now.toISOString();
  if (details.repeticao === 'nenhuma' || state.proximaId !== null)
    return { type: 'TaskCompleted', data: { concluidaEm, proxima: null } };
  const base = details.dataVencimento ?? today(now);
  const diaDoMes =
    details.repeticao === 'mensal' ? (details.diaDoMes ?? Number(base.slice(8))) : null;
  const proxima: NextOccurrence = {
    ...details,
    id: nextId,
    dataVencimento: nextOccurrenceDate(base, details.repeticao, diaDoMes),
    diaDoMes,
  };
  return { type: 'TaskCompleted', data: { concluidaEm, proxima } };
}

/** The details after `changes`, with date, time and 'Dia inteiro' made to agree, or why they cannot. */
function changedDetails(
  current: TaskDetails,
  { concluida: _concluida, diaInteiro, ...fields }: TaskChanges,
): TaskDetails | ValidationError {
  const next: TaskDetails = { ...current };
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
  if (next.dataVencimento !== current.dataVencimento) next.diaDoMes = null;
  // 'Dia inteiro' and no date both drop the time kept from before; a time sent with them is refused.
  if (fields.horaVencimento === undefined && (diaInteiro === true || next.dataVencimento === null))
    next.horaVencimento = null;
  const problem = timeFieldsProblem({ ...next, diaInteiro });
  return problem ? new ValidationError(problem, 'horaVencimento') : next;
}

function changedFields(current: TaskDetails, next: TaskDetails): Partial<TaskDetails> {
  return Object.fromEntries(
    (Object.keys(next) as (keyof TaskDetails)[])
      .filter((key) => next[key] !== current[key])
      .map((key) => [key, next[key]]),
  );
}

function decide(command: TaskCommand, state: TaskState, now: Date): TaskEvent[] | DomainError {
  if (command.type === 'CreateTask') {
    if (state.status !== 'absent') return new ConflictError('task_exists', 'Tarefa já cadastrada');
    const { task } = command;
    const details: TaskDetails = {
      titulo: task.titulo,
      descricao: task.descricao,
      dataVencimento: task.dataVencimento,
      horaVencimento: task.dataVencimento ? task.horaVencimento : null,
      listId: task.listId,
      repeticao: task.repeticao,
      // No ordem: after every task made so far.
      ordem: task.ordem ?? now.getTime(),
      diaDoMes: null,
    };
    const created: TaskEvent = { type: 'TaskCreated', data: { ...details, anteriorId: null } };
    return task.concluida
      ? [created, completion(details, { proximaId: null }, now, command.nextId)]
      : [created];
  }
  if (state.status !== 'active' || !state.details) return taskNotFound();
  switch (command.type) {
    case 'UpdateTask': {
      const next = changedDetails(state.details, command.changes);
      if (next instanceof ValidationError) return next;
      const events: TaskEvent[] = [];
      const changes = changedFields(state.details, next);
      if (Object.keys(changes).length > 0) events.push({ type: 'TaskUpdated', data: changes });
      const { concluida } = command.changes;
      if (concluida === true && !state.concluida)
        events.push(completion(next, state, now, command.nextId));
      if (concluida === false && state.concluida) events.push({ type: 'TaskReopened', data: {} });
      return events;
    }
    case 'RemoveTask':
      return [{ type: 'TaskRemoved', data: {} }];
  }
}

/** One task's stream: its fields, open or completed, and the next occurrence its completion created. */
export const taskDecider: Decider<TaskCommand, TaskEvent, TaskState> = {
  streamType: 'task',
  initialState,
  evolve,
  decide,
};
