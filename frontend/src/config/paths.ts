/** Every route of the app, in one place (spec 000 §2 and spec 001 §2). */
export const paths = {
  auth: '/auth',
  dashboard: '/',
  agenda: '/agenda',
  agendaTasks: '/agenda/tarefas',
  studentScheduling: (personalId: string) => `/agenda/${personalId}`,
  students: '/alunos',
  newStudent: '/alunos/novo',
  student: (id: string) => `/alunos/${id}`,
  editStudent: (id: string) => `/alunos/edit/${id}`,
  plans: '/planos',
  newPlan: '/planos/novo',
  locations: '/locais',
  newLocation: '/locais/novo',
  finance: '/financeiro',
  charges: '/financeiro/cobrancas',
  settings: '/ajustes',
  policies: '/ajustes/politicas',
  editPolicies: '/ajustes/politicas/edit',
  generalTerms: '/ajustes/politicas-info',
  contracts: '/ajustes/contratos-termos',
  goals: '/ajustes/configuracoes',
  reminderSettings: '/ajustes/lembretes',
  pixSettings: '/ajustes/pix',
  whatsappSettings: '/ajustes/whatsapp',
  twoFactor: '/ajustes/duas-etapas',
  publicLink: '/link-publico',
  studentArea: '/aluno',
  invite: (token: string) => `/convite/${token}`,
  publicBooking: (slug: string) => `/p/${slug}`,
  publicBookingLocation: (slug: string, locationId: string) => `/p/${slug}/${locationId}`,
} as const;

/** The query parameter that opens 'Cobrança Online' over the current page (a student's id, or `nova`). */
export const CHARGE_PARAM = 'cobranca';
export const NEW_CHARGE = 'nova';

/** Query strings the target pages read to open their creation forms. */
export const quickCreate = {
  session: `${paths.agenda}?novo=agendamento`,
  transaction: `${paths.finance}?novo=lancamento`,
  /** The agenda's tasks view with its new-task form open. */
  task: '/agenda/tarefas?nova=1',
} as const;
