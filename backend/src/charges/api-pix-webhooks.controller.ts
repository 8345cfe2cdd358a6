import { Controller, Inject } from '@nestjs/common';
import { apiPixWebhooksApi } from '../contracts/charges/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { Implements, Input } from '../platform/http/implements';
import { RateLimited } from '../platform/http/rate-limited.decorator';
import { PixAutomaticoNotificationsService } from './application/pix-automatico-notifications.service';
import { PixNotificationsService } from './application/pix-notifications.service';
import type { ChargesConfig } from './charges.config';

/**
 * Without Redis notifications go on uncounted: each is bounded on its own (the service's cap).
 * Counted before the body is read.
 */
const CountedPerAddress = () =>
  RateLimited(
    'api-pix-notification',
    (config: ChargesConfig) => config.RATE_LIMIT_API_PIX_PER_ADDRESS,
    'allow',
  );

/**
 * The Banco Central's API Pix notifications, at the URL registered with PUT /webhook/{chave} +
 * '/pix' (and Pix Automático's '/rec' and '/cobr'). Anyone can POST here, so nothing in them is
 * believed: each is asked of the trainer's own PSP first (application/). Each address may POST
 * RATE_LIMIT_API_PIX_PER_ADDRESS of them (429 with Retry-After past it). Answers 200 with what it
 * found, so a PSP stops retrying; what it could not confirm the worker's reconciliation asks again.
 */
@Controller()
export class ApiPixWebhooksController {
  constructor(
    @Inject(PixNotificationsService) private readonly payments: PixNotificationsService,
    @Inject(PixAutomaticoNotificationsService)
    private readonly pixAutomatico: PixAutomaticoNotificationsService,
  ) {}

  @Implements(apiPixWebhooksApi.notifyApiPix)
  @CountedPerAddress()
  notifyApiPix(@Input() { body }: ParsedInputOf<typeof apiPixWebhooksApi.notifyApiPix>) {
    return this.payments.payments(body.pix);
  }

  /** Pix Automático: a recurrence authorised, refused or cancelled (asked of the PSP first). */
  @Implements(apiPixWebhooksApi.notifyApiPixRec)
  @CountedPerAddress()
  notifyApiPixRec(@Input() { body }: ParsedInputOf<typeof apiPixWebhooksApi.notifyApiPixRec>) {
    return this.pixAutomatico.recurrences(body.recs.map((rec) => rec.idRec));
  }

  /** Pix Automático: a recurring charge paid or its attempt rejected (asked of the PSP first). */
  @Implements(apiPixWebhooksApi.notifyApiPixCobr)
  @CountedPerAddress()
  notifyApiPixCobr(@Input() { body }: ParsedInputOf<typeof apiPixWebhooksApi.notifyApiPixCobr>) {
    return this.pixAutomatico.recurringCharges(body.cobsr.map((cobr) => cobr.txid));
  }
}
