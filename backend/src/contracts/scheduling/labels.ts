/**
 * The agenda's words that pages in the first load show (the dashboard): kept apart from api.ts so
 * importing them does not pull zod into the signed-in shell's budget. api.ts re-exports them.
 */

/** The name shown for a student or a location that is not there (spec 000 §2). */
export const STUDENT_NOT_FOUND_LABEL = 'Aluno não encontrado';
export const LOCATION_NOT_FOUND_LABEL = 'Local não encontrado';
