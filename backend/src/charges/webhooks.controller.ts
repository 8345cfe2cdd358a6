import { Controller, Inject, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { pixWebhooksApi } from '../contracts/charges/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { Implements, Input } from '../platform/http/implements';
import { SignedPixNotifications } from './application/signed-pix-notifications.service';
import { PixSignatureGuard } from './pix-signature.guard';

/** A PSP's payment notification, signed with the provider's secret (PixSignatureGuard). */
@Controller()
export class PixWebhooksController {
  constructor(
    @Inject(SignedPixNotifications) private readonly notifications: SignedPixNotifications,
  ) {}

  @Implements(pixWebhooksApi.notify)
  @UseGuards(PixSignatureGuard)
  notify(
    @Req() request: FastifyRequest,
    @Input() { params, body }: ParsedInputOf<typeof pixWebhooksApi.notify>,
  ) {
    return this.notifications.settle(params.provider, body, request.id);
  }
}
