import { z } from 'zod';
import { listOf, routes } from '../shared/routes';
import { addDays, isIsoDate, isTimeOfDay } from '../shared/time';

/** The task-lists and tasks routes (spec 000 §2 "Tasks view"): bodies, answers and rules, shared by the API and the SPA. */

export const REPETICOES = ['nenhuma', 'diaria', 'semanal', 'mensal'] as const;
export type Repeticao = (typeof REPETICOES)[number];

/** The repeat choice as the task form says it (spec 000 §2). */
export const REPETICAO_LABELS: Record<Repeticao, string> = {
  nenhuma: 'Não se repete',
  diaria: 'Diariamente',
  semanal: 'Semanalmente',
  mensal: 'Mensalmente',
};

/** Colours offered for a list (Mantine's 6th shades), the first one the default. */
export const TASK_LIST_COLORS = [
  '#228be6',
  '#12b886',
  '#fab005',
  '#fa5252',
  '#be4bdb',
  '#fd7e14',
  '#15aabf',
  '#40c057',
] as const;

/** The list every trainer has from the start; it cannot be removed. */
export const DEFAULT_TASK_LIST = { nome: 'Minhas tarefas', cor: TASK_LIST_COLORS[0], ordem: 0 };

/** `ordem` is a sort key (smaller first); fractions let a task go between two others. */
const MAX_ORDEM = 1e15;

const TITULO_MAX = 200;
const DESCRICAO_MAX = 2_000;
const LIST_NOME_MAX = 60;

export const TASK_LIST_HAS_TASKS =
  'Não é possível excluir a lista: ela tem tarefas. Mova ou exclua as tarefas antes.';
export const DEFAULT_LIST_NOT_REMOVABLE = 'A lista padrão não pode ser excluída.';
export const TIME_NEEDS_DATE = 'Informe a data de vencimento para definir um horário';
export const ALL_DAY_HAS_NO_TIME = 'Tarefa de dia inteiro não tem horário';
export const TIME_OR_ALL_DAY = "Informe o horário ou marque 'Dia inteiro'";

const titulo = z
  .string('Título é obrigatório')
  .trim()
  .min(1, 'Título é obrigatório')
  .max(TITULO_MAX, `Título deve ter no máximo ${TITULO_MAX} caracteres`);

/** Blank is none. */
const descricao = z
  .string('Descrição deve ser um texto')
  .trim()
  .max(DESCRICAO_MAX, `Descrição deve ter no máximo ${DESCRICAO_MAX} caracteres`)
  .transform((text) => text || null)
  .nullable();

const dataVencimento = z
  .string('Data de vencimento inválida (use AAAA-MM-DD)')
  .refine(isIsoDate, 'Data de vencimento inválida (use AAAA-MM-DD)')
  .nullable();

const horaVencimento = z
  .string('Horário inválido (use HH:mm)')
  .refine(isTimeOfDay, 'Horário inválido (use HH:mm)')
  .nullable();

const ordem = z
  .number('Ordem deve ser um número')
  .min(-MAX_ORDEM, 'Ordem fora do intervalo permitido')
  .max(MAX_ORDEM, 'Ordem fora do intervalo permitido');

const taskFields = {
  titulo,
  descricao: descricao.optional(),
  dataVencimento: dataVencimento.optional(),
  horaVencimento: horaVencimento.optional(),
  listId: z.uuid('Lista inválida').optional(),
  diaInteiro: z.boolean('Dia inteiro deve ser verdadeiro ou falso').optional(),
  repeticao: z
    .enum(REPETICOES, 'Repetição inválida (nenhuma, diaria, semanal ou mensal)')
    .optional(),
  concluida: z.boolean('Concluída deve ser verdadeiro ou falso').optional(),
  ordem: ordem.optional(),
};

/**
 * A task's date, time and 'Dia inteiro' agree (the field at fault is horaVencimento): a time needs
 * a date and is not for the whole day; a date with 'Dia inteiro' off needs a time. No date means no
 * time, so a task with only a title is valid whatever 'Dia inteiro' says. Checked on a new task's
 * fields and, by the task decider, on a task's fields after a change.
 */
export function timeFieldsProblem(task: {
  dataVencimento: string | null;
  horaVencimento: string | null;
  diaInteiro?: boolean;
}): string | undefined {
  if (task.horaVencimento && task.diaInteiro === true) return ALL_DAY_HAS_NO_TIME;
  if (task.horaVencimento && !task.dataVencimento) return TIME_NEEDS_DATE;
  if (task.dataVencimento && task.diaInteiro === false && !task.horaVencimento)
    return TIME_OR_ALL_DAY;
  return undefined;
}

export const createTaskSchema = z
  .strictObject(taskFields)
  .superRefine((input, context) => {
    const problem = timeFieldsProblem({
      dataVencimento: input.dataVencimento ?? null,
      horaVencimento: input.horaVencimento ?? null,
      diaInteiro: input.diaInteiro,
    });
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['horaVencimento'] });
  })
  .transform((input) => ({
    titulo: input.titulo,
    descricao: input.descricao ?? null,
    dataVencimento: input.dataVencimento ?? null,
    horaVencimento: input.horaVencimento ?? null,
    listId: input.listId,
    repeticao: input.repeticao ?? 'nenhuma',
    ordem: input.ordem,
    concluida: input.concluida ?? false,
  }));
export type CreateTaskInput = z.input<typeof createTaskSchema>;
/** A new task as the API takes it: no list is the default list; no ordem puts it last. */
export type NewTask = z.output<typeof createTaskSchema>;

export const updateTaskSchema = z
  .strictObject({
    titulo: titulo.optional(),
    descricao: descricao.optional(),
    dataVencimento: dataVencimento.optional(),
    horaVencimento: horaVencimento.optional(),
    listId: z.uuid('Lista inválida').optional(),
    diaInteiro: taskFields.diaInteiro,
    repeticao: taskFields.repeticao,
    concluida: taskFields.concluida,
    ordem: ordem.optional(),
  })
  .refine((changes) => Object.keys(changes).length > 0, 'Informe ao menos um campo para alterar');
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;
/** The fields a PATCH changes; `concluida` completes or reopens the task. */
export type TaskChanges = z.output<typeof updateTaskSchema>;

export const taskQuerySchema = z.object({
  listId: z.uuid('Lista inválida').optional(),
  from: z
    .string('Data inicial inválida (use AAAA-MM-DD)')
    .refine(isIsoDate, 'Data inicial inválida (use AAAA-MM-DD)')
    .optional(),
  to: z
    .string('Data final inválida (use AAAA-MM-DD)')
    .refine(isIsoDate, 'Data final inválida (use AAAA-MM-DD)')
    .optional(),
});
export type TaskQuery = z.output<typeof taskQuerySchema>;

const listFields = {
  nome: z
    .string('Nome da lista é obrigatório')
    .trim()
    .min(1, 'Nome da lista é obrigatório')
    .max(LIST_NOME_MAX, `Nome da lista deve ter no máximo ${LIST_NOME_MAX} caracteres`),
  cor: z
    .string('Cor inválida (use #RRGGBB)')
    .regex(/^#[0-9a-fA-F]{6}$/, 'Cor inválida (use #RRGGBB)')
    .transform((cor) => cor.toLowerCase()),
  ordem,
};

export const createTaskListSchema = z
  .strictObject({
    nome: listFields.nome,
    cor: listFields.cor.optional(),
    ordem: listFields.ordem.optional(),
  })
  .transform((input) => ({
    nome: input.nome,
    cor: input.cor ?? DEFAULT_TASK_LIST.cor,
    ordem: input.ordem,
  }));
export type CreateTaskListInput = z.input<typeof createTaskListSchema>;
export type NewTaskList = z.output<typeof createTaskListSchema>;

export const updateTaskListSchema = z
  .strictObject({
    nome: listFields.nome.optional(),
    cor: listFields.cor.optional(),
    ordem: listFields.ordem.optional(),
  })
  .refine((changes) => Object.keys(changes).length > 0, 'Informe ao menos um campo para alterar');
export type TaskListChanges = z.output<typeof updateTaskListSchema>;

export const taskListSchema = z
  .object({
    id: z.uuid(),
    nome: z.string(),
    /** '#rrggbb' */
    cor: z.string(),
    ordem: z.number(),
    /** The trainer's default list: tasks without a list go there; it cannot be removed. */
    padrao: z.boolean(),
  })
  .meta({ id: 'ListaDeTarefas' });
export type TaskList = z.infer<typeof taskListSchema>;

export const taskSchema = z
  .object({
    id: z.uuid(),
    titulo: z.string(),
    descricao: z.string().nullable(),
    dataVencimento: z.iso.date().nullable(),
    /** 'HH:mm'; none when `diaInteiro`. */
    horaVencimento: z.string().nullable(),
    listId: z.uuid(),
    /** No time of day: the task is for the whole day (or has no date). */
    diaInteiro: z.boolean(),
    repeticao: z.enum(REPETICOES),
    concluida: z.boolean(),
    /** When it was completed; none while open. */
    concluidaEm: z.iso.datetime({ offset: true }).nullable(),
    ordem: z.number(),
    /** The occurrence this one repeats, when created by completing it. */
    anteriorId: z.uuid().nullable(),
    /** The next occurrence created when this one was completed. */
    proximaId: z.uuid().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Tarefa' });
export type Task = z.infer<typeof taskSchema>;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The date of the next occurrence of a repeating task (spec 000 §2 repeat choice): the next day,
 * the same weekday a week later, or the same day of the next month, clamped to that month's last
 * day. `diaDoMes` is the day a monthly series keeps (a task of the 31st falls on the 30th in
 * April and on the 31st again in May); the date's own day by default.
 */
export function nextOccurrenceDate(
  date: string,
  repeticao: Exclude<Repeticao, 'nenhuma'>,
  diaDoMes?: number | null,
): string {
  if (repeticao === 'diaria') return addDays(date, 1);
  if (repeticao === 'semanal') return addDays(date, 7);
  const [year, month, day] = date.split('-').map(Number);
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const nextDay = Math.min(diaDoMes ?? day, daysInMonth(nextYear, nextMonth));
  return `${nextYear}-${String(nextMonth).padStart(2, '0')}-${String(nextDay).padStart(2, '0')}`;
}

/**
 * A sort key between two neighbours (either may be missing: the start or the end of the list), or
 * undefined when there is no room left between them and the list needs renumbering.
 */
export function ordemBetween(
  before: number | undefined,
  after: number | undefined,
): number | undefined {
  if (before === undefined && after === undefined) return 0;
  if (before === undefined) return (after as number) - 1;
  if (after === undefined) return before + 1;
  const middle = before / 2 + after / 2;
  return middle > before && middle < after && after - before > 1e-6 ? middle : undefined;
}

const trainer = routes('tasks', 'personal');
const taskLists = trainer.collection('/task-lists');
const tasks = trainer.collection('/tasks');

export const taskListsApi = {
  list: taskLists.list({
    summary: 'Listas de tarefas por ordem; a lista padrão (padrao: true) sempre está entre elas',
    answer: listOf(taskListSchema),
  }),
  create: taskLists.create({
    changes: ['task-list'],
    summary: 'Cria uma lista { nome, cor?, ordem? }',
    body: createTaskListSchema,
  }),
  update: taskLists.update({
    changes: ['task-list'],
    summary: 'Altera nome, cor ou ordem de uma lista (a padrão também)',
    body: updateTaskListSchema,
  }),
  remove: taskLists.remove({
    changes: ['task-list', 'task'],
    summary:
      'Exclui uma lista; 409 has_links enquanto tiver tarefas, 409 default_list para a padrão',
    errors: { has_links: 409, default_list: 409 },
  }),
};

export const tasksApi = {
  list: tasks.list({
    summary:
      'Tarefas por ordem, abertas e concluídas; ?listId= de uma lista, ?from=&to= (AAAA-MM-DD, inclusive) pelo vencimento',
    query: taskQuerySchema,
    answer: listOf(taskSchema),
  }),
  get: tasks.get({ summary: 'Uma tarefa', answer: taskSchema }),
  create: tasks.create({
    changes: ['task'],
    summary:
      'Cria uma tarefa (sem listId, na lista padrão; sem ordem, no fim); 404 quando a lista não existe',
    body: createTaskSchema,
    errors: { not_found: 404 },
  }),
  update: tasks.update({
    changes: ['task'],
    summary:
      'Altera os campos enviados; { concluida: true } conclui (uma tarefa que se repete cria a próxima), false reabre',
    body: updateTaskSchema,
  }),
  remove: tasks.remove({ changes: ['task'], summary: 'Exclui uma tarefa' }),
};
