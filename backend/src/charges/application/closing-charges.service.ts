import { Inject, Injectable, Logger } from '@nestjs/common';
import { ChargesOfClosingAccount, type SettlementContext } from '../../contracts/charges/ports';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { DomainError } from '../../platform/errors/domain-error';
import { ReadYourWrites } from '../../platform/projections/read-your-writes';
import { CHARGES_PROJECTION, SUBSCRIPTIONS_PROJECTION } from '../projections';
import { ChargesService } from './charges.service';
import { SubscriptionsService } from './subscriptions.service';

export const ACCOUNT_CLOSED_MOTIVO = 'Conta encerrada';

/** The charges context's part of an account's closing, before the closing's own transaction. */
@Injectable()
export class ClosingCharges extends ChargesOfClosingAccount {
  private readonly logger = new Logger(ClosingCharges.name);

  constructor(
    @Inject(ChargesService) private readonly charges: ChargesService,
    @Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService,
    @Inject(ReadYourWrites) private readonly readYourWrites: ReadYourWrites,
    @Inject(DATABASE) private readonly db: Db,
  ) {
    super();
  }

  async cancelAll(context: SettlementContext): Promise<void> {
    const { tenantId } = context;
    // The trainer's last writes (a subscription made a moment ago) are in the read models first.
    await this.readYourWrites.waitFor(
      await this.readYourWrites.pendingWrites(context.actorId, [
        CHARGES_PROJECTION,
        SUBSCRIPTIONS_PROJECTION,
      ]),
    );
    const subscriptions = await this.db
      .selectFrom('subscriptions')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('status', '!=', 'cancelada')
      .execute();
    for (const { id } of subscriptions)
      await this.unlessRefused(id, () => this.subscriptions.cancel(context, id));
    const charges = await this.db
      .selectFrom('charges')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('status', '=', 'pendente')
      .execute();
    for (const { id } of charges)
      await this.unlessRefused(id, () => this.charges.cancel(context, id, ACCOUNT_CLOSED_MOTIVO));
  }

  /** A refusal (already cancelled meanwhile) or an unreachable PSP leaves the closing to go on. */
  private async unlessRefused(id: string, cancel: () => Promise<unknown>): Promise<void> {
    await cancel().catch((error: unknown) => {
      if (!(error instanceof DomainError))
        this.logger.warn(`closing: ${id} not cancelled: ${(error as Error).name}`);
    });
  }
}
