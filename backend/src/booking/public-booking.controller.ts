import { Controller, Inject, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../config/config';
import { publicBookingApi } from '../contracts/booking/api';
import { LOCATION_READ_MODELS } from '../contracts/locations/ports';
import { MIN_POSITION_HEADER } from '../contracts/shared/headers';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { Implements, Input, parseInput } from '../platform/http/implements';
import { RateLimited } from '../platform/http/rate-limited.decorator';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { RateLimiter } from '../platform/http/rate-limiter';
import type { BookingConfig } from './booking.config';
import { PublicBooking } from './commands/public-booking';

/** `X-Min-Position` (0 without), already checked and waited for by ReadsProjections' guard. */
const minPosition = (request: FastifyRequest) => Number(request.headers[MIN_POSITION_HEADER] ?? 0);

/**
 * The public booking routes (no token): every request counted per client address, bad ones too, so
 * a burst is limited whatever it sends (429 rate_limited with Retry-After); a booking is counted
 * before anything else is done (@RateLimited). A read's input is parsed here, while its count is
 * on its way, and not by `@Input()`.
 */
@Controller()
export class PublicBookingController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: BookingConfig,
    @Inject(PublicBooking) private readonly booking: PublicBooking,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  @Implements(publicBookingApi.page)
  @ReadsProjections(...LOCATION_READ_MODELS)
  async page(@Req() request: FastifyRequest) {
    return this.counted(request, () => {
      const { params } = parseInput(publicBookingApi.page, request);
      return this.booking.page(params.slug, minPosition(request));
    });
  }

  @Implements(publicBookingApi.slots)
  @ReadsProjections(...LOCATION_READ_MODELS)
  async slots(@Req() request: FastifyRequest) {
    return this.counted(request, () => {
      const { params, query } = parseInput(publicBookingApi.slots, request);
      return this.booking.openSlots(
        params.slug,
        params.locationId,
        query.from,
        minPosition(request),
      );
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
    const answer = Promise.resolve()
      .then(read)
      .then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
    await hit;
    const outcome = await answer;
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  }

  @Implements(publicBookingApi.book)
  @RateLimited(
    'public-booking',
    (config: BookingConfig) => config.RATE_LIMIT_PUBLIC_BOOKINGS,
    'refuse',
  )
  book(
    @Req() request: FastifyRequest,
    @Input() { params, body }: ParsedInputOf<typeof publicBookingApi.book>,
  ) {
    return this.booking.book(params.slug, body, request.id);
  }
}
