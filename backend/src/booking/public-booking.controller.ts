import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../config/config';
import {
  type PublicBookingAnswer,
  publicBookingSchema,
  type PublicSlots,
  publicSlotsQuerySchema,
  type PublicTrainerPage,
} from '../contracts/booking';
import { Public } from '../platform/auth/public.decorator';
import { ApiZodBody } from '../platform/http/openapi.decorators';
import { RateLimiter } from '../platform/http/rate-limiter';
import { ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import type { BookingConfig } from './booking.config';
import { PublicBooking } from './commands/public-booking';

const bookingBody = new ZodValidationPipe(publicBookingSchema);
const slotsQuery = new ZodValidationPipe(publicSlotsQuerySchema);

/**
 * The public booking routes (no token): every request counted per client address, bad ones too, so
 * a burst is limited whatever it sends (429 rate_limited with Retry-After); a booking is counted
 * before anything else is done.
 */
@ApiTags('public')
@Public()
@Controller('public')
export class PublicBookingController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: BookingConfig,
    @Inject(PublicBooking) private readonly booking: PublicBooking,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  @Get(':slug')
  @ApiOperation({ summary: "Página pública do personal pelo slug; 404 'Personal não encontrado'" })
  async page(
    @Req() request: FastifyRequest,
    @Param('slug') slug: string,
  ): Promise<PublicTrainerPage> {
    return this.counted(request, () => this.booking.page(slug));
  }

  @Get(':slug/locations/:locationId/slots')
  @ApiOperation({ summary: 'Horários livres de um local (sem nomes), a partir de from=AAAA-MM-DD' })
  async slots(
    @Req() request: FastifyRequest,
    @Param('slug') slug: string,
    @Param('locationId') locationId: string,
    @Query() query: unknown,
  ): Promise<PublicSlots> {
    return this.counted(request, () => {
      const { from } = slotsQuery.transform(query, { type: 'query' });
      return this.booking.openSlots(slug, locationId, from);
    });
  }

  /**
   * A read, counted as it runs (both on their way at once: one round trip less for every visitor);
   * a request over the limit gets 429 whatever the read found. Reads only cost a query, so without
   * Redis they go on uncounted.
   */
  private async counted<T>(request: FastifyRequest, read: () => Promise<T>): Promise<T> {
    const hit = this.limiter.hit(
      'public-read',
      request.ip,
      this.config.RATE_LIMIT_PUBLIC_SLOTS,
      'allow',
    );
    const answer = read().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await hit;
    const outcome = await answer;
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  }

  @Post(':slug/bookings')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Agenda um horário livre: aluno achado pelo telefone ou criado; 409 slot_taken',
  })
  @ApiZodBody(publicBookingSchema)
  async book(
    @Req() request: FastifyRequest,
    @Param('slug') slug: string,
    @Body() body: unknown,
  ): Promise<PublicBookingAnswer> {
    await this.limiter.hit(
      'public-booking',
      request.ip,
      this.config.RATE_LIMIT_PUBLIC_BOOKINGS,
      'refuse',
    );
    const input = bookingBody.transform(body, { type: 'body' });
    return this.booking.book(slug, input, request.id);
  }
}
