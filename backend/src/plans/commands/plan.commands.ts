import { Injectable } from '@nestjs/common';
import { commandHandlerFor } from '../../platform/event-store/command-runner';
import { streamEntity } from '../../platform/references/entity-references';
import { planDecider } from '../domain/plan.decider';
import type { PlanEvent } from '../domain/plan.events';

export const PLAN_IN_USE =
  'Não é possível remover o plano: possui vínculos (alunos). Use Arquivar para não oferecê-lo mais.';

/** Every plan command, decided on the plan's stream; students refer to it. */
@Injectable()
export class PlanCommands extends commandHandlerFor(
  planDecider,
  streamEntity<PlanEvent>({
    kind: 'plan',
    created: 'PlanCreated',
    removed: 'PlanRemoved',
    hasLinks: PLAN_IN_USE,
  }),
) {}
