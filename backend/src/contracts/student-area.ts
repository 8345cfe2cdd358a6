/** GET /api/student/me: what a student sees first in their area. */
export interface StudentArea {
  nome: string;
  creditos: number;
  /** The next agendada sessions, up to 5. */
  proximasSessoes: { id: string; inicio: string; fim: string; locationNome: string | null }[];
  /** Active contracts the student has not signed yet. */
  contratosPendentes: number;
  trainer: { nome: string; slug: string };
}
