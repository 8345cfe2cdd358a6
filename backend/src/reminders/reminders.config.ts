import { z } from 'zod';
import type { ConfigWith } from '../config/config';

/** Environment settings of reminders, merged into the app configuration. */
export const remindersConfigShape = {
  /**
   * How long a session's time must stay as it is before its student is told it (its reminder, or
   * 'Horário alterado' after one): a trainer moving a session three times in a minute sends one
   * message, with the time it ended at.
   */
  REMINDER_SETTLE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(300),
};

export type RemindersConfig = ConfigWith<typeof remindersConfigShape>;
