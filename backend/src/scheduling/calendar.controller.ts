import { Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type PlatformConfig } from '../config/config';
import type { CalendarFeed } from '../contracts/scheduling';
import { DEFAULT_TIME_ZONE } from '../contracts/time';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Public } from '../platform/auth/public.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import { NotFoundError } from '../platform/errors/domain-error';
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
@ApiTags('calendar')
@Controller('calendar')
export class CalendarController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: PlatformConfig,
    @Inject(CalendarFeeds) private readonly feeds: CalendarFeeds,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
  ) {}

  @Post('secret')
  @HttpCode(201)
  @ApiBearerAuth()
  @Roles('personal')
  @ApiOperation({
    summary: 'Gera o endereço secreto do calendário (.ics); o anterior deixa de funcionar',
  })
  async issue(@CurrentUser() user: AuthUser): Promise<CalendarFeed> {
    const secret = await this.feeds.issue(user.tenantId);
    return { secret, url: `${this.config.APP_URL}/api/calendar/${secret}.ics` };
  }

  @Get(':secret.ics')
  @Public()
  @ApiOperation({
    summary:
      'Público (o segredo é a credencial): as sessões dos últimos 30 e dos próximos 180 dias em iCalendar (RFC 5545)',
  })
  @ApiProduces('text/calendar')
  async feed(
    @Param('secret') secret: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
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
