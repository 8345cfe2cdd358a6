import { sql } from 'kysely';
import type { PixSettingsEvent } from '../../contracts/charges/events';
import type { LocationEvent } from '../../contracts/locations/events';
import type { PlanTermsEvent } from '../../contracts/plans/events';
import type { FirstStep } from '../../contracts/scheduling/labels';
import type { SessionEvent } from '../../contracts/scheduling/events';
import type { StudentLifecycleEvent } from '../../contracts/students/events';
import {
  eventsOfTypes,
  type Projection,
  type ProjectionChange,
} from '../../platform/projections/projection';

type FirstStepEvent = Extract<
  LocationEvent | PlanTermsEvent | StudentLifecycleEvent | SessionEvent | PixSettingsEvent,
  { type: 'LocationCreated' | 'PlanCreated' | 'StudentRegistered' | 'SessionBooked' | 'PixSettingsSet' }
>;

const FIRST_STEP_EVENT_TYPES: readonly FirstStepEvent['type'][] = [
  'LocationCreated',
  'PlanCreated',
  'StudentRegistered',
  'SessionBooked',
  'PixSettingsSet',
];

/** The step an event does; a visitor the public page registered is not a student the trainer added. */
function stepOf(event: FirstStepEvent): FirstStep | undefined {
  switch (event.type) {
    case 'LocationCreated':
      return 'local';
    case 'PlanCreated':
      return 'plano';
    case 'StudentRegistered':
      return event.data.visitante ? undefined : 'aluno';
    case 'SessionBooked':
      return 'sessao';
    case 'PixSettingsSet':
      return 'pix';
  }
}

/**
 * `first_steps`: which of the dashboard's first steps each trainer has done, ticked by the event
 * that does it and never unticked (removing the only location later does not undo having made one).
 */
export const firstStepsProjection: Projection = {
  name: 'first-steps',
  tables: ['first_steps'],
  eventTypes: FIRST_STEP_EVENT_TYPES,
  async apply(batch, trx) {
    const done = new Map<string, Set<FirstStep>>();
    for (const stored of eventsOfTypes<FirstStepEvent>(batch, FIRST_STEP_EVENT_TYPES)) {
      const step = stepOf(stored.event);
      if (!step) continue;
      const steps = done.get(stored.tenantId) ?? new Set<FirstStep>();
      done.set(stored.tenantId, steps.add(step));
    }
    const changes: ProjectionChange[] = [];
    for (const [tenantId, steps] of done) {
      const has = (step: FirstStep) => steps.has(step);
      // Only a step not ticked before changes the row (and the dashboard): a replay changes nothing.
      const { rows } = await sql<{ tenantId: string }>`
        insert into first_steps as f (tenant_id, local, plano, aluno, sessao, pix)
        values (${tenantId}::uuid, ${has('local')}, ${has('plano')}, ${has('aluno')}, ${has('sessao')}, ${has('pix')})
        on conflict (tenant_id) do update set
          local = f.local or excluded.local, plano = f.plano or excluded.plano,
          aluno = f.aluno or excluded.aluno, sessao = f.sessao or excluded.sessao, pix = f.pix or excluded.pix
        where (excluded.local and not f.local) or (excluded.plano and not f.plano)
          or (excluded.aluno and not f.aluno) or (excluded.sessao and not f.sessao) or (excluded.pix and not f.pix)
        returning tenant_id`.execute(trx);
      if (rows.length > 0) changes.push({ tenantId, type: 'first-steps', id: tenantId });
    }
    return changes;
  },
};
