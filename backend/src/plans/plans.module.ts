import { Module } from '@nestjs/common';
import { PlanCommands } from './commands/plan.commands';
import { PlansController } from './plans.controller';
import { PlansRepository } from './queries/plans.repository';

@Module({
  controllers: [PlansController],
  providers: [PlanCommands, PlansRepository],
})
export class PlansModule {}
