import { Controller, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CONTRACT_READ_MODELS, StudentContracts } from '../contracts/agreements/ports';
import { CHARGE_READ_MODELS, StudentCharges } from '../contracts/charges/ports';
import { StudentAccounts } from '../contracts/identity/ports';
import type { CancellationPolicy } from '../contracts/locations/api';
import { LocationDirectory, LocationPolicies } from '../contracts/locations/ports';
import { SlotBooking, StudentSchedule } from '../contracts/scheduling/ports';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { toReais } from '../contracts/shared/money';
import { DEFAULT_TIME_ZONE, zonedParts } from '../contracts/shared/time';
import {
  freeCredits,
  STUDENT_AREA_NEXT_SESSIONS,
  studentAreaApi,
} from '../contracts/student-area/api';
import {
  ErasureRequests,
  STUDENT_READ_MODELS,
  StudentDirectory,
} from '../contracts/students/ports';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { NotFoundError } from '../platform/errors/domain-error';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { DATABASE, type Db } from '../platform/database/database.module';
import { idParam } from '../platform/http/id-param';
import { exportStudentData } from '../platform/personal-data/export';
import { renderPersonalDataPdf } from '../platform/personal-data/export-pdf';
import { Implements, Input } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';

const sessionId = idParam('Sessão', 'feminine');

/** The student's own area: balance, trainer, next sessions, history, and booking their own sessions. */
@Controller()
export class StudentAreaController {
  constructor(
    @Inject(StudentAccounts) private readonly accounts: StudentAccounts,
    @Inject(StudentDirectory) private readonly students: StudentDirectory,
    @Inject(StudentContracts) private readonly contracts: StudentContracts,
    @Inject(StudentCharges) private readonly charges: StudentCharges,
    @Inject(StudentSchedule) private readonly schedule: StudentSchedule,
    @Inject(SlotBooking) private readonly slots: SlotBooking,
    @Inject(LocationDirectory) private readonly locations: LocationDirectory,
    @Inject(LocationPolicies) private readonly policies: LocationPolicies,
    @Inject(ErasureRequests) private readonly erasureRequests: ErasureRequests,
    @Inject(DATABASE) private readonly db: Db,
  ) {}

  @Implements(studentAreaApi.me)
  // The student's own signatures and cancellations show as soon as they are made.
  @ReadsProjections(...CONTRACT_READ_MODELS, ...STUDENT_READ_MODELS, ...CHARGE_READ_MODELS)
  async me(@CurrentUser() user: AuthUser) {
    const { student, trainer, account } = await this.studentOf(user);
    const now = new Date();
    const [contratosPendentes, upcoming, agendadas, charges, documents] = await Promise.all([
      this.contracts.pendingCount(account.tenantId, account.studentId),
      this.schedule.upcoming(account.tenantId, account.studentId, now, STUDENT_AREA_NEXT_SESSIONS),
      this.schedule.agendadas(account.tenantId, account.studentId, now),
      this.charges.pendingOf(account.tenantId, account.studentId),
      this.accounts.documentsOf(user.userId),
    ]);
    const policies = new Map<string, Promise<CancellationPolicy | undefined>>();
    const policyOf = (locationId: string) => {
      if (!policies.has(locationId))
        policies.set(locationId, this.policies.policyOf(account.tenantId, locationId));
      return policies.get(locationId) as Promise<CancellationPolicy | undefined>;
    };
    const proximasSessoes = await Promise.all(
      upcoming.map(async (session) => ({
        ...session,
        politica: session.locationId ? ((await policyOf(session.locationId)) ?? null) : null,
      })),
    );
    return {
      nome: student.nome,
      creditos: student.creditos,
      creditosLivres: freeCredits(student.creditos, agendadas),
      proximasSessoes,
      contratosPendentes,
      cobrancas: charges.map(({ valorCentavos, ...charge }) => ({ ...charge, valor: toReais(valorCentavos) })),
      cpf: documents.cpf,
      telefone: documents.telefone ?? student.whatsapp ?? student.telefone,
      trainer,
      exclusaoPedidaEm: student.exclusaoPedidaEm,
    };
  }

  @Implements(studentAreaApi.history)
  @ReadsProjections(...STUDENT_READ_MODELS)
  async history(@CurrentUser() user: AuthUser) {
    const account = await this.accounts.studentOf(user.userId);
    const items = account && (await this.students.history(account.tenantId, account.studentId));
    if (!items) throw new NotFoundError('Aluno');
    return { items };
  }

  @Implements(studentAreaApi.locations)
  async locationsOf(@CurrentUser() user: AuthUser) {
    const { account } = await this.studentOf(user);
    const locations = await this.locations.list(account.tenantId);
    return {
      items: locations
        .filter((location) => location.ativo)
        .map((location) => ({
          id: location.id,
          nome: location.nome,
          endereco: location.endereco,
          politica: {
            cancelLimiteHoras: location.cancelLimiteHoras,
            taxaPercent: location.taxaPercent,
            queimaCredito: location.queimaCredito,
          },
        })),
    };
  }

  @Implements(studentAreaApi.slots)
  async openSlots(
    @CurrentUser() user: AuthUser,
    @Input() { query: { locationId, from } }: ParsedInputOf<typeof studentAreaApi.slots>,
  ) {
    const { account } = await this.studentOf(user);
    const offered = await this.locations.list(account.tenantId);
    if (!offered.some((location) => location.id === locationId && location.ativo))
      throw new NotFoundError('Local');
    const today = zonedParts(new Date(), DEFAULT_TIME_ZONE).date;
    return { items: await this.slots.openSlots(account.tenantId, locationId, from ?? today) };
  }

  @Implements(studentAreaApi.book)
  async book(
    @CurrentCommandContext() context: CommandContext,
    @CurrentUser() user: AuthUser,
    @Input() { body: input }: ParsedInputOf<typeof studentAreaApi.book>,
  ) {
    const { account } = await this.studentOf(user);
    // The credit is consumed at attendance, as for any session; booking reserves it meanwhile.
    return this.slots.bookSlot(
      { ...context, tenantId: account.tenantId },
      {
        studentId: account.studentId,
        locationId: input.locationId,
        inicio: input.inicio,
        origin: 'aluno',
      },
    );
  }

  @Implements(studentAreaApi.cancel)
  async cancel(
    @CurrentCommandContext() context: CommandContext,
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof studentAreaApi.cancel>,
  ) {
    const { account } = await this.studentOf(user);
    return this.schedule.cancel(
      { ...context, tenantId: account.tenantId },
      account.studentId,
      sessionId(params.id),
    );
  }

  @Implements(studentAreaApi.export)
  @ReadsProjections(...STUDENT_READ_MODELS)
  async export(@CurrentUser() user: AuthUser) {
    const { student, account } = await this.studentOf(user);
    return exportStudentData(this.db, account.tenantId, account.studentId, student.nome);
  }

  @Implements(studentAreaApi.exportPdf)
  @ReadsProjections(...STUDENT_READ_MODELS)
  async exportPdf(
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { student, account } = await this.studentOf(user);
    const data = await exportStudentData(this.db, account.tenantId, account.studentId, student.nome);
    void reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', 'attachment; filename="meus-dados.pdf"');
    return renderPersonalDataPdf(data, DEFAULT_TIME_ZONE);
  }

  @Implements(studentAreaApi.requestErasure)
  async requestErasure(
    @CurrentCommandContext() context: CommandContext,
    @CurrentUser() user: AuthUser,
  ) {
    const { account } = await this.studentOf(user);
    return this.erasureRequests.request(
      { ...context, tenantId: account.tenantId },
      account.studentId,
    );
  }

  private async studentOf(user: AuthUser) {
    const account = await this.accounts.studentOf(user.userId);
    const [student, trainer] =
      account && account.tenantId === user.tenantId
        ? await Promise.all([
            this.students.find(account.tenantId, account.studentId),
            this.accounts.trainerOf(account.tenantId),
          ])
        : [];
    if (!account || !student || !trainer) throw new NotFoundError('Aluno');
    return { student, trainer, account };
  }
}
