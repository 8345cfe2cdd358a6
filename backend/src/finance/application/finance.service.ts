import { Inject, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { DEFAULT_ALLOCATION_RULE, type financeApi } from '../../contracts/finance/api';
import { TrainerContacts } from '../../contracts/identity/ports';
import type { ParsedInputOf } from '../../contracts/shared/routes';
import { StudentDirectory } from '../../contracts/students/ports';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { ConflictError, NotFoundError } from '../../platform/errors/domain-error';
import type { CommandContext } from '../../platform/event-store/command-runner';
import { FinanceSettingsCommands } from '../commands/finance-settings.commands';
import { TransactionCommands } from '../commands/transaction.commands';
import { FinanceRepository } from '../queries/finance.repository';
import { issuesReceipts, receiptNumber, renderReceipt } from '../queries/receipts';

/**
 * The trainer's money: transactions by month (the current one in the trainer's zone unless said),
 * recorded with the allocation rule in force, their receipts, the summaries and the goals.
 */
@Injectable()
export class FinanceService {
  constructor(
    @Inject(TransactionCommands) private readonly commands: TransactionCommands,
    @Inject(FinanceSettingsCommands) private readonly settings: FinanceSettingsCommands,
    @Inject(FinanceRepository) private readonly finance: FinanceRepository,
    @Inject(TrainerContacts) private readonly trainers: TrainerContacts,
    @Inject(StudentDirectory) private readonly students: StudentDirectory,
    @Inject(DATABASE) private readonly db: Db,
  ) {}

  private async month(tenantId: string, month: string | undefined, now: Date): Promise<string> {
    return month ?? (await this.finance.currentMonth(tenantId, now));
  }

  async transactions(tenantId: string, month: string | undefined, now: Date) {
    const shown = await this.month(tenantId, month, now);
    return { month: shown, items: await this.finance.transactions(tenantId, shown) };
  }

  async record(context: CommandContext, body: ParsedInputOf<typeof financeApi.record>['body']) {
    const settings = await this.settings.current(context.tenantId);
    return this.commands.handle(context, uuidv7(), {
      type: 'RecordTransaction',
      input: { ...body, referenciaId: null, referenciaTipo: null },
      rule: settings?.alocacao ?? DEFAULT_ALLOCATION_RULE,
    });
  }

  /** A receita's receipt (PDF) and its number: 409 for a despesa or a voided receita. */
  async receipt(tenantId: string, transactionId: string, now: Date) {
    const transaction = await this.finance.transaction(tenantId, transactionId);
    if (!transaction) throw new NotFoundError('Transação', 'feminine');
    if (transaction.tipo !== 'receita')
      throw new ConflictError('not_a_receita', 'Só receitas têm recibo');
    if (transaction.status === 'estornada')
      throw new ConflictError('already_voided', 'Esta transação foi estornada: não emite recibo');
    const [trainer, student] = await Promise.all([
      this.trainers.contactOf(tenantId),
      transaction.studentId
        ? this.students.find(tenantId, transaction.studentId)
        : Promise.resolve(undefined),
    ]);
    const numero = await receiptNumber(this.db, tenantId, transaction.id);
    const pdf = await renderReceipt({
      numero,
      transaction,
      trainer: { nome: trainer?.nome ?? 'Personal', cpf: trainer?.cpf ?? null },
      studentNome: student?.nome ?? null,
      issuedAt: now,
    });
    return { numero, pdf };
  }

  async receiptSettings(tenantId: string) {
    return { emiteRecibo: await issuesReceipts(this.db, tenantId) };
  }

  async summary(tenantId: string, month: string | undefined, now: Date) {
    return this.finance.summary(tenantId, await this.month(tenantId, month, now));
  }

  async series(tenantId: string, until: string | undefined, months: number, now: Date) {
    const last = await this.month(tenantId, until, now);
    return { items: await this.finance.series(tenantId, last, months) };
  }

  /** New goals; the allocation rule stays the one in force unless given. */
  async setGoals(context: CommandContext, body: ParsedInputOf<typeof financeApi.setGoals>['body']) {
    const current = await this.settings.current(context.tenantId);
    return this.settings.change(context, {
      type: 'SetGoals',
      settings: {
        metaMensalCentavos: body.metaMensalCentavos,
        metaTrimestralCentavos: body.metaTrimestralCentavos,
        metaAnualCentavos: body.metaAnualCentavos,
        moeda: body.moeda,
        fusoHorario: body.fusoHorario,
        alocacao: body.alocacao ?? current?.alocacao ?? DEFAULT_ALLOCATION_RULE,
      },
    });
  }
}
