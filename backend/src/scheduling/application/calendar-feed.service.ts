import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type PlatformConfig } from '../../config/config';
import { DEFAULT_TIME_ZONE } from '../../contracts/shared/time';
import { NotFoundError } from '../../platform/errors/domain-error';
import { calendarIcs } from '../queries/calendar-ics';
import { CalendarFeeds } from '../queries/calendar-feeds';
import { SessionsRepository } from '../queries/sessions.repository';

const DAY_MS = 86_400_000;
/** The feed holds the sessions of the last 30 days and of the next 180. */
const FEED_PAST_DAYS = 30;
const FEED_FUTURE_DAYS = 180;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** The trainer's private iCal feed, for Google Calendar or the phone's calendar. */
@Injectable()
export class CalendarFeedService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: PlatformConfig,
    @Inject(CalendarFeeds) private readonly feeds: CalendarFeeds,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
  ) {}

  /** A new secret link; the one before stops working now. */
  async issue(tenantId: string) {
    const secret = await this.feeds.issue(tenantId);
    return { secret, url: `${this.config.APP_URL}/api/calendar/${secret}.ics` };
  }

  /** The feed of the secret's trainer; 404 'Calendário não encontrado' for any other secret. */
  async ics(secret: string, now: Date): Promise<string> {
    const tenantId = SECRET.test(secret) ? await this.feeds.tenantOf(secret) : undefined;
    if (!tenantId) throw new NotFoundError('Calendário');
    const sessions = await this.sessions.feed(
      tenantId,
      new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS),
      new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS),
    );
    return calendarIcs(sessions, { timeZone: DEFAULT_TIME_ZONE, now });
  }
}
