import type { Student } from '@contracts/students/api';

/** Who may have paid a receita: the active students, as options by name (a `select` of GET /api/students). */
export const payerOptions = ({ items }: { items: Student[] }) =>
  items
    .filter((student) => student.ativo)
    .map((student) => ({ value: student.id, label: student.nome }))
    .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
