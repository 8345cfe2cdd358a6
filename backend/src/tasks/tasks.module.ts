import { Module } from '@nestjs/common';
import { TasksService } from './application/tasks.service';
import { TaskListCommands } from './commands/task-list.commands';
import { TaskCommands } from './commands/task.commands';
import { TasksRepository } from './queries/tasks.repository';
import { TasksController } from './tasks.controller';

@Module({
  controllers: [TasksController],
  providers: [TaskCommands, TaskListCommands, TasksRepository, TasksService],
})
export class TasksModule {}
