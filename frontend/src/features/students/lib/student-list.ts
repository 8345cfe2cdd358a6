import type { Student } from '@contracts/students/api';

export type StudentSort = 'nome' | 'saldo-asc' | 'saldo-desc';

export const STUDENT_SORT_LABELS: Record<StudentSort, string> = {
  nome: 'Nome (A–Z)',
  'saldo-asc': 'Menor saldo primeiro',
  'saldo-desc': 'Maior saldo primeiro',
};

export const isStudentSort = (value: string | null): value is StudentSort =>
  value !== null && value in STUDENT_SORT_LABELS;

export interface StudentListView {
  /** Part of the name, in any case and with or without accents. */
  query: string;
  sort: StudentSort;
  showInactive: boolean;
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** 'Júlia  ' -> 'julia': lower case, no accents, trimmed. */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

/** What the list shows: inactive students only when asked, names containing the query, in the chosen order. */
export function visibleStudents(students: readonly Student[], { query, sort, showInactive }: StudentListView): Student[] {
  const needle = normalizeForSearch(query);
  const shown = students.filter(
    (student) => (showInactive || student.ativo) && (!needle || normalizeForSearch(student.nome).includes(needle)),
  );
  const byName = (a: Student, b: Student) => collator.compare(a.nome, b.nome) || a.id.localeCompare(b.id);
  switch (sort) {
    case 'saldo-asc':
      return shown.sort((a, b) => a.creditos - b.creditos || byName(a, b));
    case 'saldo-desc':
      return shown.sort((a, b) => b.creditos - a.creditos || byName(a, b));
    default:
      return shown.sort(byName);
  }
}

/** '1 aluno cadastrado', '12 alunos cadastrados' (spec 001 §2: '{n} alunos cadastrados'). */
export function registeredCount(count: number): string {
  return count === 1 ? '1 aluno cadastrado' : `${count} alunos cadastrados`;
}
