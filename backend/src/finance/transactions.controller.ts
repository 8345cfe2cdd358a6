import { Controller, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { financeApi } from '../contracts/finance/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { idParam } from '../platform/http/id-param';
import { Implements, Input } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { FinanceService } from './application/finance.service';
import { TransactionCommands } from './commands/transaction.commands';
import { FINANCE_SETTINGS_PROJECTION, TRANSACTIONS_PROJECTION } from './projections';
import { FinanceRepository } from './queries/finance.repository';
import { transactionsCsv } from './queries/transactions-csv';

/** A route's `:id`: anything but a UUID is answered like an unknown or another tenant's id. */
const transactionId = idParam('Transação', 'feminine');

/** Transactions: recorded, listed by month (CSV too), detailed with allocations, voided. */
@Controller()
export class TransactionsController {
  constructor(
    @Inject(FinanceService) private readonly service: FinanceService,
    @Inject(TransactionCommands) private readonly commands: TransactionCommands,
    @Inject(FinanceRepository) private readonly finance: FinanceRepository,
  ) {}

  @Implements(financeApi.transactions)
  @ReadsProjections(TRANSACTIONS_PROJECTION, FINANCE_SETTINGS_PROJECTION)
  async list(
    @CurrentUser() user: AuthUser,
    @Input() { query }: ParsedInputOf<typeof financeApi.transactions>,
  ) {
    const { items } = await this.service.transactions(user.tenantId, query.month, new Date());
    return { items };
  }

  @Implements(financeApi.transactionsCsv)
  @ReadsProjections(TRANSACTIONS_PROJECTION, FINANCE_SETTINGS_PROJECTION)
  async csv(
    @CurrentUser() user: AuthUser,
    @Input() { query }: ParsedInputOf<typeof financeApi.transactionsCsv>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { month, items } = await this.service.transactions(user.tenantId, query.month, new Date());
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="transacoes-${month}.csv"`);
    return transactionsCsv(items);
  }

  @Implements(financeApi.record)
  record(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof financeApi.record>,
  ) {
    return this.service.record(context, body);
  }

  @Implements(financeApi.transaction)
  @ReadsProjections(TRANSACTIONS_PROJECTION)
  async get(
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof financeApi.transaction>,
  ) {
    return (
      (await this.finance.transaction(user.tenantId, transactionId(params.id))) ??
      transactionId.notFound()
    );
  }

  @Implements(financeApi.receipt)
  @ReadsProjections(TRANSACTIONS_PROJECTION)
  async receipt(
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof financeApi.receipt>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { numero, pdf } = await this.service.receipt(
      user.tenantId,
      transactionId(params.id),
      new Date(),
    );
    void reply
      .header('content-type', 'application/pdf')
      .header(
        'content-disposition',
        `attachment; filename="recibo-${String(numero).padStart(6, '0')}.pdf"`,
      );
    return pdf;
  }

  @Implements(financeApi.receiptSettings)
  receiptSettings(@CurrentUser() user: AuthUser) {
    return this.service.receiptSettings(user.tenantId);
  }

  @Implements(financeApi.void)
  void(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params }: ParsedInputOf<typeof financeApi.void>,
  ) {
    return this.commands.handle(context, transactionId(params.id), { type: 'VoidTransaction' });
  }
}
