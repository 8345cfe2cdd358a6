import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PageLoader } from '../components/page-loader';
import { RequireSession } from './require-session';
import { RouteErrorPage } from './route-error-page';

/**
 * A lazily loaded page or layout: the module is fetched the first time its route matches, so the
 * first load carries only the router, the providers and the session guard (see the bundle budget in
 * vite.config.ts).
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

/** Every route of spec 000 §2 and spec 001 §2. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    HydrateFallback: () => <PageLoader fullScreen />,
    children: [
      { path: '/auth', ...page(() => import('../features/auth/pages/auth-page'), (m) => m.AuthPage) },
      {
        ...page(() => import('./public-layout'), (m) => m.PublicLayout),
        children: [
          {
            path: '/convite/:token',
            ...page(() => import('../features/invites/pages/invite-page'), (m) => m.InvitePage),
          },
          {
            path: '/p/:tenantSlug',
            ...page(() => import('../features/public-booking/pages/public-trainer-page'), (m) => m.PublicTrainerPage),
          },
          {
            path: '/p/:tenantSlug/:locationId',
            ...page(
              () => import('../features/public-booking/pages/public-location-page'),
              (m) => m.PublicLocationPage,
            ),
          },
        ],
      },
      {
        element: <RequireSession role="aluno" />,
        children: [
          {
            ...page(() => import('./student-layout'), (m) => m.StudentLayout),
            children: [
              {
                path: '/aluno',
                ...page(() => import('../features/student-area/pages/student-area-page'), (m) => m.StudentAreaPage),
              },
              {
                // The student's self-scheduling with their trainer (personalId: the trainer's public slug).
                path: '/agenda/:personalId',
                ...page(
                  () => import('../features/student-area/pages/student-scheduling-page'),
                  (m) => m.StudentSchedulingPage,
                ),
              },
            ],
          },
        ],
      },
      {
        element: <RequireSession role="personal" />,
        children: [
          {
            ...page(() => import('./shell/app-layout'), (m) => m.AppLayout),
            children: [
              // The dashboard with the reminders' 'Lembretes de amanhã' below it (app/home-page.tsx).
              { index: true, ...page(() => import('./home-page'), (m) => m.HomePage) },
              {
                // The agenda's two views, calendar and tasks, under one switch (app/agenda-views.tsx).
                ...page(() => import('./agenda-views'), (m) => m.AgendaViewsLayout),
                children: [
                  { path: '/agenda', ...page(() => import('../features/agenda/pages/agenda-page'), (m) => m.AgendaPage) },
                  { path: '/agenda/tarefas', ...page(() => import('../features/tasks/pages/tasks-page'), (m) => m.TasksPage) },
                ],
              },
              { path: '/alunos', ...page(() => import('../features/students/pages/students-page'), (m) => m.StudentsPage) },
              {
                path: '/alunos/novo',
                ...page(() => import('../features/students/pages/new-student-page'), (m) => m.NewStudentPage),
              },
              {
                path: '/alunos/:id',
                ...page(() => import('../features/students/pages/student-detail-page'), (m) => m.StudentDetailPage),
              },
              {
                path: '/alunos/edit/:id',
                ...page(() => import('../features/students/pages/edit-student-page'), (m) => m.EditStudentPage),
              },
              { path: '/planos', ...page(() => import('../features/plans/pages/plans-page'), (m) => m.PlansPage) },
              { path: '/planos/novo', ...page(() => import('../features/plans/pages/new-plan-page'), (m) => m.NewPlanPage) },
              { path: '/locais', ...page(() => import('../features/locations/pages/locations-page'), (m) => m.LocationsPage) },
              {
                path: '/locais/novo',
                ...page(() => import('../features/locations/pages/new-location-page'), (m) => m.NewLocationPage),
              },
              { path: '/financeiro', ...page(() => import('../features/finance/pages/finance-page'), (m) => m.FinancePage) },
              {
                path: '/financeiro/cobrancas',
                ...page(() => import('../features/charges/pages/charges-page'), (m) => m.ChargesPage),
              },
              { path: '/ajustes', ...page(() => import('../features/settings/pages/settings-page'), (m) => m.SettingsPage) },
              {
                path: '/ajustes/politicas',
                ...page(() => import('../features/locations/pages/policies-page'), (m) => m.PoliciesPage),
              },
              {
                path: '/ajustes/politicas/edit',
                ...page(() => import('../features/locations/pages/edit-policy-page'), (m) => m.EditPolicyPage),
              },
              {
                path: '/ajustes/politicas-info',
                ...page(() => import('../features/settings/pages/general-terms-page'), (m) => m.GeneralTermsPage),
              },
              {
                path: '/ajustes/contratos-termos',
                ...page(() => import('../features/contracts/pages/contracts-page'), (m) => m.ContractsPage),
              },
              {
                path: '/ajustes/lembretes',
                ...page(() => import('../features/reminders/pages/reminder-settings-page'), (m) => m.ReminderSettingsPage),
              },
              {
                path: '/ajustes/pix',
                ...page(() => import('../features/charges/pages/pix-settings-page'), (m) => m.PixSettingsPage),
              },
              {
                path: '/ajustes/whatsapp',
                ...page(() => import('../features/settings/pages/whatsapp-settings-page'), (m) => m.WhatsAppSettingsPage),
              },
              {
                path: '/ajustes/duas-etapas',
                ...page(() => import('../features/settings/pages/two-factor-page'), (m) => m.TwoFactorPage),
              },
              {
                path: '/ajustes/configuracoes',
                ...page(() => import('../features/finance/pages/goals-page'), (m) => m.GoalsPage),
              },
              {
                path: '/link-publico',
                ...page(() => import('../features/public-booking/pages/public-link-page'), (m) => m.PublicLinkPage),
              },
            ],
          },
        ],
      },
      { path: '*', ...page(() => import('./not-found-page'), (m) => m.NotFoundPage) },
    ],
  },
];
