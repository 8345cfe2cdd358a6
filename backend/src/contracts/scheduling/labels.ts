/**
 * The agenda's words that pages in the first load show (the dashboard): kept apart from api.ts so
 * importing them does not pull zod into the signed-in shell's budget. api.ts re-exports them.
 */

/** The name shown for a student or a location that is not there (spec 000 §2). */
export const STUDENT_NOT_FOUND_LABEL = 'Aluno não encontrado';
export const LOCATION_NOT_FOUND_LABEL = 'Local não encontrado';
export const NO_LOCATION_LABEL = 'Sem local';

/** Where a session is, as every screen says it: its place, one removed since, or none chosen. */
export const sessionLocationLabel = (session: {
  locationId: string | null;
  locationNome: string | null;
}): string =>
  session.locationId === null
    ? NO_LOCATION_LABEL
    : (session.locationNome ?? LOCATION_NOT_FOUND_LABEL);

/**
 * The dashboard's first steps, in the order a new trainer takes them ('Cadastre um local' → 'Crie um
 * plano' → 'Cadastre um aluno' → 'Agende a primeira sessão' → 'Configure o PIX').
 */
export const FIRST_STEPS = ['local', 'plano', 'aluno', 'sessao', 'pix'] as const;
export type FirstStep = (typeof FIRST_STEPS)[number];
export const FIRST_STEP_LABELS: Record<FirstStep, string> = {
  local: 'Cadastre um local',
  plano: 'Crie um plano',
  aluno: 'Cadastre um aluno',
  sessao: 'Agende a primeira sessão',
  pix: 'Configure o PIX',
};

/** How a session's latest reminder went out, and what became of it (the agenda's badge). */
export const REMINDER_CHANNELS = ['whatsapp', 'email'] as const;
export const REMINDER_STATES = ['enviado', 'entregue', 'lido', 'falhou'] as const;
export type ReminderState = (typeof REMINDER_STATES)[number];

const WHATSAPP_REMINDER_STATE_LABELS: Record<ReminderState, string> = {
  enviado: 'Enviado',
  entregue: 'Entregue',
  lido: 'Lido',
  falhou: 'Falhou',
};

/** How the session's reminder went, as the agenda says it ('Confirmado pelo aluno' first). */
export function reminderStateLabel(session: {
  confirmadoPeloAluno: boolean;
  lembrete: { canal: (typeof REMINDER_CHANNELS)[number]; estado: ReminderState } | null;
}): string | null {
  if (session.confirmadoPeloAluno) return 'Confirmado pelo aluno';
  const { lembrete } = session;
  if (!lembrete) return null;
  if (lembrete.canal === 'email') return 'Lembrete: falhou — enviado por e-mail';
  return `Lembrete no WhatsApp: ${WHATSAPP_REMINDER_STATE_LABELS[lembrete.estado]}`;
}
