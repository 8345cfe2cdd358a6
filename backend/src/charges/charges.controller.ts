import { Controller, Inject } from '@nestjs/common';
import { type ChargeAnswer, chargesApi } from '../contracts/charges/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { idParam } from '../platform/http/id-param';
import { Implements, Input } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { ChargesService } from './application/charges.service';
import { PixSettingsService } from './application/pix-settings.service';
import { CHARGES_PROJECTION } from './projections';
import { ChargesRepository } from './queries/charges.repository';

/** A route's `:id`: anything but a UUID is answered like an unknown id or another tenant's. */
const chargeId = idParam('Cobrança', 'feminine');

/** PIX settings and charges: created with their BR Code, listed, paid once, cancelled. */
@Controller()
export class ChargesController {
  constructor(
    @Inject(ChargesService) private readonly chargesService: ChargesService,
    @Inject(PixSettingsService) private readonly pixSettings: PixSettingsService,
    @Inject(ChargesRepository) private readonly charges: ChargesRepository,
  ) {}

  @Implements(chargesApi.pixSettings)
  pixSettingsView(@CurrentUser() user: AuthUser) {
    return this.pixSettings.view(user.tenantId);
  }

  @Implements(chargesApi.setPixSettings)
  setPixSettings(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof chargesApi.setPixSettings>,
  ) {
    return this.pixSettings.save(context, body);
  }

  @Implements(chargesApi.testPixConnection)
  testPixConnection(
    @CurrentUser() user: AuthUser,
    @Input() { body }: ParsedInputOf<typeof chargesApi.testPixConnection>,
  ) {
    return this.pixSettings.testConnection(user.tenantId, body);
  }

  @Implements(chargesApi.create)
  create(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof chargesApi.create>,
  ): Promise<ChargeAnswer> {
    return this.chargesService.create(context, body);
  }

  @Implements(chargesApi.list)
  @ReadsProjections(CHARGES_PROJECTION)
  async list(
    @CurrentUser() user: AuthUser,
    @Input() { query }: ParsedInputOf<typeof chargesApi.list>,
  ) {
    return { items: await this.charges.list(user.tenantId, query) };
  }

  @Implements(chargesApi.receivables)
  @ReadsProjections(CHARGES_PROJECTION)
  receivables(@CurrentUser() user: AuthUser) {
    return this.charges.receivables(user.tenantId);
  }

  @Implements(chargesApi.get)
  @ReadsProjections(CHARGES_PROJECTION)
  async get(
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof chargesApi.get>,
  ) {
    return (await this.charges.find(user.tenantId, chargeId(params.id))) ?? chargeId.notFound();
  }

  @Implements(chargesApi.confirm)
  confirm(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params }: ParsedInputOf<typeof chargesApi.confirm>,
  ): Promise<ChargeAnswer> {
    return this.chargesService.confirm(context, chargeId(params.id), {
      via: 'manual',
      provider: null,
      endToEndId: null,
    });
  }

  @Implements(chargesApi.decideRefundCredits)
  decideRefundCredits(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body }: ParsedInputOf<typeof chargesApi.decideRefundCredits>,
  ): Promise<ChargeAnswer> {
    return this.chargesService.decideRefundCredits(context, chargeId(params.id), body.remover);
  }

  @Implements(chargesApi.cancel)
  cancel(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body }: ParsedInputOf<typeof chargesApi.cancel>,
  ): Promise<ChargeAnswer> {
    return this.chargesService.cancel(context, chargeId(params.id), body?.motivo);
  }
}
