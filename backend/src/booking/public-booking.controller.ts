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
import { ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import type { BookingConfig } from './booking.config';
import { PublicBooking } from './commands/public-booking';
import { PublicRateLimiter } from './infrastructure/rate-limiter';

const bookingBody = new ZodValidationPipe(publicBookingSchema);
const slotsQuery = new ZodValidationPipe(publicSlotsQuerySchema);

/**
 * The public booking routes (no token): counted per client address before anything else, so a
 * burst of bad requests is limited like good ones (429 rate_limited with Retry-After).
 */
@ApiTags('public')
@Public()
@Controller('public')
export class PublicBookingController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: BookingConfig,
    @Inject(PublicBooking) private readonly booking: PublicBooking,
    @Inject(PublicRateLimiter) private readonly limiter: PublicRateLimiter,
  ) {}

  @Get(':slug')
  @ApiOperation({ summary: "Página pública do personal pelo slug; 404 'Personal não encontrado'" })
  async page(
    @Req() request: FastifyRequest,
    @Param('slug') slug: string,
  ): Promise<PublicTrainerPage> {
    await this.limiter.hit('public-read', request.ip, this.config.RATE_LIMIT_PUBLIC_SLOTS, 'allow');
    return this.booking.page(slug);
  }

  @Get(':slug/locations/:locationId/slots')
  @ApiOperation({ summary: 'Horários livres de um local (sem nomes), a partir de from=AAAA-MM-DD' })
  async slots(
    @Req() request: FastifyRequest,
    @Param('slug') slug: string,
    @Param('locationId') locationId: string,
    @Query() query: unknown,
  ): Promise<PublicSlots> {
    await this.limiter.hit('public-read', request.ip, this.config.RATE_LIMIT_PUBLIC_SLOTS, 'allow');
    const { from } = slotsQuery.transform(query, { type: 'query' });
    return this.booking.openSlots(slug, locationId, from);
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
