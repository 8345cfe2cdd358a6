import { Module } from '@nestjs/common';
import { TaskListCommands } from './commands/task-list.commands';
import { TaskCommands } from './commands/task.commands';
import { TasksRepository } from './queries/tasks.repository';
import { TasksController } from './tasks.controller';

@Module({
  controllers: [TasksController],
  providers: [TaskCommands, TaskListCommands, TasksRepository],
})
export class TasksModule {}
