import { Controller, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { calendarApi } from '../contracts/scheduling/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Implements, Input } from '../platform/http/implements';
import { CalendarFeedService } from './application/calendar-feed.service';

/** The trainer's private iCal feed, for Google Calendar or the phone's calendar. */
@Controller()
export class CalendarController {
  constructor(@Inject(CalendarFeedService) private readonly calendar: CalendarFeedService) {}

  @Implements(calendarApi.issue)
  issue(@CurrentUser() user: AuthUser) {
    return this.calendar.issue(user.tenantId);
  }

  @Implements(calendarApi.feed)
  async feed(
    @Input() { params: { secret } }: ParsedInputOf<typeof calendarApi.feed>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const ics = await this.calendar.ics(secret, new Date());
    void reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="agenda-vira.ics"');
    return ics;
  }
}
