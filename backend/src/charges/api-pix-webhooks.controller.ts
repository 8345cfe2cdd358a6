import { Controller, Inject, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../config/config';
import { apiPixWebhooksApi } from '../contracts/charges/api';
import { Implements, parseInput } from '../platform/http/implements';
import { RateLimiter } from '../platform/http/rate-limiter';
import { PixAutomaticoNotificationsService } from './application/pix-automatico-notifications.service';
import { PixNotificationsService } from './application/pix-notifications.service';
import type { ChargesConfig } from './charges.config';

/**
 * The Banco Central's API Pix notifications, at the URL registered with PUT /webhook/{chave} +
 * '/pix' (and Pix Automático's '/rec' and '/cobr'). Anyone can POST here, so nothing in them is
 * believed: each is asked of the trainer's own PSP first (application/). Each address may POST
 * RATE_LIMIT_API_PIX_PER_ADDRESS of them (429 with Retry-After past it, counted before the body is
 * read). Answers 200 with what it found, so a PSP stops retrying; what it could not confirm the
 * worker's reconciliation asks again.
 */
@Controller()
export class ApiPixWebhooksController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: ChargesConfig,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(PixNotificationsService) private readonly payments: PixNotificationsService,
    @Inject(PixAutomaticoNotificationsService)
    private readonly pixAutomatico: PixAutomaticoNotificationsService,
  ) {}

  /** Without Redis notifications go on uncounted: each is bounded on its own (the service's cap). */
  private counted(request: FastifyRequest): Promise<void> {
    return this.limiter.hit(
      'api-pix-notification',
      request.ip,
      this.config.RATE_LIMIT_API_PIX_PER_ADDRESS,
      'allow',
    );
  }

  @Implements(apiPixWebhooksApi.notifyApiPix)
  async notifyApiPix(@Req() request: FastifyRequest) {
    await this.counted(request);
    const { body } = parseInput(apiPixWebhooksApi.notifyApiPix, request);
    return this.payments.payments(body.pix);
  }

  /** Pix Automático: a recurrence authorised, refused or cancelled (asked of the PSP first). */
  @Implements(apiPixWebhooksApi.notifyApiPixRec)
  async notifyApiPixRec(@Req() request: FastifyRequest) {
    await this.counted(request);
    const { body } = parseInput(apiPixWebhooksApi.notifyApiPixRec, request);
    return this.pixAutomatico.recurrences(body.recs.map((rec) => rec.idRec));
  }

  /** Pix Automático: a recurring charge paid or its attempt rejected (asked of the PSP first). */
  @Implements(apiPixWebhooksApi.notifyApiPixCobr)
  async notifyApiPixCobr(@Req() request: FastifyRequest) {
    await this.counted(request);
    const { body } = parseInput(apiPixWebhooksApi.notifyApiPixCobr, request);
    return this.pixAutomatico.recurringCharges(body.cobsr.map((cobr) => cobr.txid));
  }
}
