import { Controller, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { DEFAULT_ALLOCATION_RULE, financeApi } from '../contracts/finance/api';
import { TrainerContacts } from '../contracts/identity/ports';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { StudentDirectory } from '../contracts/students/ports';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { DATABASE, type Db } from '../platform/database/database.module';
import { ConflictError } from '../platform/errors/domain-error';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { idParam } from '../platform/http/id-param';
import { Implements, Input } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { FinanceSettingsCommands } from './commands/finance-settings.commands';
import { TransactionCommands } from './commands/transaction.commands';
import { FINANCE_SETTINGS_PROJECTION, TRANSACTIONS_PROJECTION } from './projections';
import { FinanceRepository } from './queries/finance.repository';
import { issuesReceipts, receiptNumber, renderReceipt } from './queries/receipts';
import { transactionsCsv } from './queries/transactions-csv';

/** A route's `:id`: anything but a UUID is answered like an unknown or another tenant's id. */
const transactionId = idParam('Transação', 'feminine');

/** Transactions: recorded, listed by month (CSV too), detailed with allocations, voided. */
@Controller()
export class TransactionsController {
  constructor(
    @Inject(TransactionCommands) private readonly commands: TransactionCommands,
    @Inject(FinanceSettingsCommands) private readonly settings: FinanceSettingsCommands,
    @Inject(FinanceRepository) private readonly finance: FinanceRepository,
    @Inject(TrainerContacts) private readonly trainers: TrainerContacts,
    @Inject(StudentDirectory) private readonly students: StudentDirectory,
    @Inject(DATABASE) private readonly db: Db,
  ) {}

  private async month(user: AuthUser, month: string | undefined): Promise<string> {
    return month ?? (await this.finance.currentMonth(user.tenantId, new Date()));
  }

  @Implements(financeApi.transactions)
  @ReadsProjections(TRANSACTIONS_PROJECTION, FINANCE_SETTINGS_PROJECTION)
  async list(
    @CurrentUser() user: AuthUser,
    @Input() { query }: ParsedInputOf<typeof financeApi.transactions>,
  ) {
    const month = await this.month(user, query.month);
    return { items: await this.finance.transactions(user.tenantId, month) };
  }

  @Implements(financeApi.transactionsCsv)
  @ReadsProjections(TRANSACTIONS_PROJECTION, FINANCE_SETTINGS_PROJECTION)
  async csv(
    @CurrentUser() user: AuthUser,
    @Input() { query }: ParsedInputOf<typeof financeApi.transactionsCsv>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const month = await this.month(user, query.month);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="transacoes-${month}.csv"`);
    return transactionsCsv(await this.finance.transactions(user.tenantId, month));
  }

  @Implements(financeApi.record)
  async record(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof financeApi.record>,
  ) {
    const settings = await this.settings.current(context.tenantId);
    return this.commands.handle(context, uuidv7(), {
      type: 'RecordTransaction',
      input: { ...body, referenciaId: null, referenciaTipo: null },
      rule: settings?.alocacao ?? DEFAULT_ALLOCATION_RULE,
    });
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
    const transaction =
      (await this.finance.transaction(user.tenantId, transactionId(params.id))) ??
      transactionId.notFound();
    if (transaction.tipo !== 'receita')
      throw new ConflictError('not_a_receita', 'Só receitas têm recibo');
    if (transaction.status === 'estornada')
      throw new ConflictError('already_voided', 'Esta transação foi estornada: não emite recibo');
    const [trainer, student] = await Promise.all([
      this.trainers.contactOf(user.tenantId),
      transaction.studentId
        ? this.students.find(user.tenantId, transaction.studentId)
        : Promise.resolve(undefined),
    ]);
    const numero = await receiptNumber(this.db, user.tenantId, transaction.id);
    const pdf = await renderReceipt({
      numero,
      transaction,
      trainer: { nome: trainer?.nome ?? 'Personal', cpf: trainer?.cpf ?? null },
      studentNome: student?.nome ?? null,
      issuedAt: new Date(),
    });
    void reply
      .header('content-type', 'application/pdf')
      .header(
        'content-disposition',
        `attachment; filename="recibo-${String(numero).padStart(6, '0')}.pdf"`,
      );
    return pdf;
  }

  @Implements(financeApi.receiptSettings)
  async receiptSettings(@CurrentUser() user: AuthUser) {
    return { emiteRecibo: await issuesReceipts(this.db, user.tenantId) };
  }

  @Implements(financeApi.void)
  async void(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params }: ParsedInputOf<typeof financeApi.void>,
  ) {
    return this.commands.handle(context, transactionId(params.id), { type: 'VoidTransaction' });
  }
}
