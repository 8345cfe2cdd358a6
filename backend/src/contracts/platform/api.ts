import { z } from 'zod';
import { routes } from '../shared/routes';

/** The platform's own routes: what the app is (the settings footer) and whether it can serve. */

export const aboutSchema = z.object({
  nome: z.string(),
  versao: z.string(),
  /** Where 'Suporte' leads (a wa.me link or a mailto:), or null when none is configured. */
  suporte: z.string().nullable(),
});
/** GET /api/about: what the settings footer shows (spec 001 §2: app name, version, Suporte). */
export type About = z.infer<typeof aboutSchema>;

const check = z.enum(['ok', 'down']);
export const healthReportSchema = z
  .object({
    /**
     * `error`: PostgreSQL or Redis does not answer; `degraded`: they answer, but no worker is at
     * work or a read model is more than PROJECTION_LAG_LIMIT_MS behind the log (reads come back
     * stale); both answer 503.
     */
    status: z.enum(['ok', 'degraded', 'error']),
    postgres: check,
    redis: check,
    /**
     * Whether a worker is at work: one beat in the last 5 s and one listens for wake-ups (absent
     * when Redis does not answer).
     */
    worker: check.optional(),
    /** Detail: how far each read model is behind the log ('down' when it cannot be read). */
    projections: z
      .union([
        z.record(
          z.string(),
          z.object({ position: z.number(), behind: z.number(), lagMs: z.number() }),
        ),
        check,
      ])
      .optional(),
    /** The read models whose oldest unapplied event is older than PROJECTION_LAG_LIMIT_MS. */
    lagging: z.array(z.string()).optional(),
  })
  .meta({ id: 'Saude' });
export type HealthReport = z.infer<typeof healthReportSchema>;

const anyone = routes('platform', 'public');

export const platformApi = {
  about: anyone.get('/about', {
    summary: 'Nome, versão e contato de suporte do app',
    answer: aboutSchema,
    live: true,
  }),
  health: anyone.get('/health', {
    summary:
      'Prontidão: 200 quando PostgreSQL e Redis respondem, um worker está trabalhando e os modelos de leitura estão em dia; 503 com o mesmo relatório dizendo o que falta. Os detalhes (worker, projections, lagging) só com o token de um personal',
    answer: healthReportSchema,
    otherAnswers: { 503: healthReportSchema },
    live: true,
  }),
  live: anyone.get('/health/live', {
    summary: 'Vivacidade: o processo responde (nada mais, de propósito)',
    answer: z.object({ status: z.literal('ok') }),
    live: true,
  }),
};
