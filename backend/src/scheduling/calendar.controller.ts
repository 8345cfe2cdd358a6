import { Controller, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type PlatformConfig } from '../config/config';
import { calendarApi } from '../contracts/scheduling/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { DEFAULT_TIME_ZONE } from '../contracts/shared/time';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { NotFoundError } from '../platform/errors/domain-error';
import { Implements, Input } from '../platform/http/implements';
import { calendarIcs } from './queries/calendar-ics';
import { CalendarFeeds } from './queries/calendar-feeds';
import { SessionsRepository } from './queries/sessions.repository';

const DAY_MS = 86_400_000;
/** The feed holds the sessions of the last 30 days and of the next 180. */
const FEED_PAST_DAYS = 30;
const FEED_FUTURE_DAYS = 180;
const SECRET = /^[A-Za-z0-9_-]{43}$/;
const feedNotFound = () => new NotFoundError('Calendário');

/** The trainer's private iCal feed, for Google Calendar or the phone's calendar. */
@Controller()
export class CalendarController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: PlatformConfig,
    @Inject(CalendarFeeds) private readonly feeds: CalendarFeeds,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
  ) {}

  @Implements(calendarApi.issue)
  async issue(@CurrentUser() user: AuthUser) {
    const secret = await this.feeds.issue(user.tenantId);
    return { secret, url: `${this.config.APP_URL}/api/calendar/${secret}.ics` };
  }

  @Implements(calendarApi.feed)
  async feed(
    @Input() { params: { secret } }: ParsedInputOf<typeof calendarApi.feed>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const tenantId = SECRET.test(secret) ? await this.feeds.tenantOf(secret) : undefined;
    if (!tenantId) throw feedNotFound();
    const now = new Date();
    const sessions = await this.sessions.feed(
      tenantId,
      new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS),
      new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS),
    );
    void reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="agenda-vira.ics"');
    return calendarIcs(sessions, { timeZone: DEFAULT_TIME_ZONE, now });
  }
}
