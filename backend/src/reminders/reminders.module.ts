import { Module } from '@nestjs/common';
import { ReminderSettingsCommands } from './commands/reminder-settings.commands';
import { RemindersRepository } from './queries/reminders.repository';
import { RemindersController } from './reminders.controller';

@Module({
  controllers: [RemindersController],
  providers: [ReminderSettingsCommands, RemindersRepository],
})
export class RemindersModule {}
