import { Injectable } from '@nestjs/common';
import {
  commandHandlerFor,
  type InlineProjection,
} from '../../platform/event-store/command-runner';
import { entityReferences } from '../../platform/references/entity-references';
import { planDecider, type PlanState } from '../domain/plan.decider';
import type { PlanEvent } from '../domain/plan.events';

export const PLAN_IN_USE =
  'Não é possível remover o plano: possui vínculos (alunos). Use Arquivar para não oferecê-lo mais.';

/** A plan exists for students to refer to; removing it fails while any student has it. */
const planEntity: InlineProjection<PlanEvent, PlanState> = {
  eventTypes: ['PlanCreated', 'PlanRemoved'],
  async apply(trx, { tenantId, streamId, events }) {
    const plan = { kind: 'plan', id: streamId };
    for (const event of events) {
      if (event.type === 'PlanCreated') await entityReferences.register(trx, tenantId, plan);
      if (event.type === 'PlanRemoved')
        await entityReferences.remove(trx, tenantId, plan, PLAN_IN_USE);
    }
  },
};

/** Every plan command, decided on the plan's stream. */
@Injectable()
export class PlanCommands extends commandHandlerFor(planDecider, planEntity) {}
