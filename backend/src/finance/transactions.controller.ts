import { Body, Controller, Get, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import {
  DEFAULT_ALLOCATION_RULE,
  monthSchema,
  type RecordTransactionBody,
  recordTransactionSchema,
} from '../contracts/finance';
import { TrainerContacts } from '../contracts/identity';
import { StudentDirectory } from '../contracts/students';
import type { AuthUser } from '../platform/auth/auth-user';
import { DATABASE, type Db } from '../platform/database/database.module';
import { ConflictError } from '../platform/errors/domain-error';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { CommandRoute } from '../platform/http/openapi.decorators';
import { parseOrThrow, ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { transactionNotFound } from './domain/transaction.decider';
import { FinanceSettingsCommands } from './commands/finance-settings.commands';
import { TransactionCommands } from './commands/transaction.commands';
import { FINANCE_SETTINGS_PROJECTION, TRANSACTIONS_PROJECTION } from './projections';
import { FinanceRepository } from './queries/finance.repository';
import { issuesReceipts, receiptNumber, renderReceipt } from './queries/receipts';
import { transactionsCsv } from './queries/transactions-csv';

const uuid = z.uuid();
const notFound = (): never => {
  throw transactionNotFound();
};
/** A route's `:id`: anything but a UUID is answered like an unknown or another tenant's id. */
const transactionId = (id: string): string => (uuid.safeParse(id).success ? id : notFound());

const monthQuery = z.strictObject({ month: monthSchema.optional() });

/** Transactions: recorded, listed by month (CSV too), detailed with allocations, voided. */
@ApiTags('finance')
@ApiBearerAuth()
@Roles('personal')
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

  private async month(user: AuthUser, query: unknown): Promise<string> {
    const { month } = parseOrThrow(monthQuery, query);
    return month ?? (await this.finance.currentMonth(user.tenantId, new Date()));
  }

  @Get('transactions')
  @ApiOperation({
    summary: 'Transações do mês (estornadas com status "estornada"), mais recentes primeiro',
  })
  @ApiQuery({ name: 'month', required: false, description: 'AAAA-MM (padrão: o mês atual)' })
  @ReadsProjections(TRANSACTIONS_PROJECTION, FINANCE_SETTINGS_PROJECTION)
  async list(@CurrentUser() user: AuthUser, @Query() query: unknown) {
    return { items: await this.finance.transactions(user.tenantId, await this.month(user, query)) };
  }

  @Get('transactions.csv')
  @ApiOperation({ summary: 'As transações do mês em CSV (;, datas pt-BR)' })
  @ApiProduces('text/csv')
  @ApiQuery({ name: 'month', required: false })
  @ReadsProjections(TRANSACTIONS_PROJECTION, FINANCE_SETTINGS_PROJECTION)
  async csv(
    @CurrentUser() user: AuthUser,
    @Query() query: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const month = await this.month(user, query);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="transacoes-${month}.csv"`);
    return transactionsCsv(await this.finance.transactions(user.tenantId, month));
  }

  @Post('transactions')
  @CommandRoute(
    201,
    {
      summary:
        'Registra uma receita ou despesa; uma receita sem alocações é dividida pela regra das configurações',
    },
    recordTransactionSchema,
  )
  async record(
    @CurrentCommandContext() context: CommandContext,
    @Body(new ZodValidationPipe(recordTransactionSchema)) body: RecordTransactionBody,
  ) {
    const settings = await this.settings.current(context.tenantId);
    return this.commands.handle(context, uuidv7(), {
      type: 'RecordTransaction',
      input: { ...body, referenciaId: null, referenciaTipo: null },
      rule: settings?.alocacao ?? DEFAULT_ALLOCATION_RULE,
    });
  }

  @Get('transactions/:id')
  @ApiOperation({ summary: 'Uma transação com suas alocações' })
  @ReadsProjections(TRANSACTIONS_PROJECTION)
  async get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return (await this.finance.transaction(user.tenantId, transactionId(id))) ?? notFound();
  }

  @Get('transactions/:id/receipt.pdf')
  @ApiOperation({
    summary:
      'O recibo em PDF de uma receita (número sequencial do personal, valor por extenso, pagador, meio)',
  })
  @ApiProduces('application/pdf')
  @ReadsProjections(TRANSACTIONS_PROJECTION)
  async receipt(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const transaction =
      (await this.finance.transaction(user.tenantId, transactionId(id))) ?? notFound();
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

  @Get('settings/receipts')
  @ApiOperation({
    summary: 'Se o personal emite recibos (resposta emite_recibo da configuração inicial)',
  })
  async receiptSettings(@CurrentUser() user: AuthUser) {
    return { emiteRecibo: await issuesReceipts(this.db, user.tenantId) };
  }

  @Post('transactions/:id/void')
  @CommandRoute(200, { summary: 'Estorna a transação: fica no histórico, fora de todos os totais' })
  async void(@CurrentCommandContext() context: CommandContext, @Param('id') id: string) {
    return this.commands.handle(context, transactionId(id), { type: 'VoidTransaction' });
  }
}
