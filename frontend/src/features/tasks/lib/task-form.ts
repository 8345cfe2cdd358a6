import {
  type CreateTaskInput,
  createTaskSchema,
  type CreateTaskListInput,
  createTaskListSchema,
  type Repeticao,
  type Task,
  type TaskList,
} from '@contracts/tasks/api';
import { fieldErrors } from '../../../lib/field-errors';

/** The task form's fields as typed (spec 000 §2: title, description, due date, time or 'Dia inteiro', repeat, list). */
export interface TaskFormValues {
  titulo: string;
  descricao: string;
  /** 'YYYY-MM-DD' or blank. */
  dataVencimento: string;
  /** 'HH:mm' or blank. */
  horaVencimento: string;
  diaInteiro: boolean;
  repeticao: Repeticao;
  listId: string;
}

export type TaskFormErrors = Partial<Record<keyof TaskFormValues, string>>;

export function emptyTaskForm(listId: string): TaskFormValues {
  return {
    titulo: '',
    descricao: '',
    dataVencimento: '',
    horaVencimento: '',
    diaInteiro: true,
    repeticao: 'nenhuma',
    listId,
  };
}

export function taskFormValues(task: Task): TaskFormValues {
  return {
    titulo: task.titulo,
    descricao: task.descricao ?? '',
    dataVencimento: task.dataVencimento ?? '',
    horaVencimento: task.horaVencimento ?? '',
    diaInteiro: task.diaInteiro,
    repeticao: task.repeticao,
    listId: task.listId,
  };
}

/** Spec 000 §5: a new task needs a non-blank title, otherwise nothing happens. */
export const hasTitle = (values: Pick<TaskFormValues, 'titulo'>): boolean => values.titulo.trim() !== '';

/**
 * The body to send (every field, so an edit can clear one), checked with the API's own rules
 * (contracts' createTaskSchema), or the first problem of each field. A time is sent only for a
 * task with a date that is not for the whole day (no date, no time).
 */
export function validateTaskForm(values: TaskFormValues): { data: CreateTaskInput } | { errors: TaskFormErrors } {
  const date = values.dataVencimento.trim() || null;
  const input = {
    titulo: values.titulo,
    descricao: values.descricao.trim() || null,
    dataVencimento: date,
    horaVencimento: date && !values.diaInteiro ? values.horaVencimento.trim() || null : null,
    diaInteiro: values.diaInteiro,
    repeticao: values.repeticao,
    listId: values.listId,
  };
  const parsed = createTaskSchema.safeParse(input);
  if (!parsed.success) return { errors: fieldErrors<keyof TaskFormValues>(parsed.error) };
  return { data: { ...input, titulo: parsed.data.titulo } };
}

export interface TaskListFormValues {
  nome: string;
  cor: string;
}

/** The list form's body, or what is wrong with the name or the colour. */
export function validateTaskListForm(
  values: TaskListFormValues,
): { data: CreateTaskListInput & { nome: string; cor: string } } | { errors: Partial<Record<keyof TaskListFormValues, string>> } {
  const parsed = createTaskListSchema.safeParse(values);
  if (!parsed.success) return { errors: fieldErrors<keyof TaskListFormValues>(parsed.error) };
  return { data: { nome: parsed.data.nome, cor: parsed.data.cor } };
}

/** The colour a new list starts with: the first of the palette no list has yet. */
export function nextListColor(lists: readonly TaskList[], palette: readonly string[]): string {
  const used = new Set(lists.map((list) => list.cor.toLowerCase()));
  return palette.find((cor) => !used.has(cor)) ?? palette[lists.length % palette.length];
}
