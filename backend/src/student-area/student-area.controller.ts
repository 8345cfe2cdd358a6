import { Body, Controller, Get, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CONTRACT_READ_MODELS, StudentContracts } from '../contracts/agreements';
import { StudentAccounts } from '../contracts/identity';
import {
  type CancellationPolicy,
  LocationDirectory,
  LocationPolicies,
} from '../contracts/locations';
import { SlotBooking } from '../contracts/scheduling';
import {
  STUDENT_AREA_NEXT_SESSIONS,
  type StudentArea,
  type StudentBookingInput,
  studentBookingSchema,
  type StudentLocation,
  StudentSchedule,
  freeCredits,
  studentSlotsQuerySchema,
} from '../contracts/student-area';
import { STUDENT_READ_MODELS, StudentDirectory } from '../contracts/students';
import { DEFAULT_TIME_ZONE, zonedParts } from '../contracts/time';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import { NotFoundError } from '../platform/errors/domain-error';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { CommandRoute } from '../platform/http/openapi.decorators';
import { idParam } from '../platform/http/id-param';
import { ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';

const sessionId = idParam('Sessão');
const slotsQuery = new ZodValidationPipe(studentSlotsQuerySchema);

/** The student's own area: balance, trainer, next sessions, history, and booking their own sessions. */
@ApiTags('student-area')
@ApiBearerAuth()
@Roles('aluno')
@Controller('student')
export class StudentAreaController {
  constructor(
    @Inject(StudentAccounts) private readonly accounts: StudentAccounts,
    @Inject(StudentDirectory) private readonly students: StudentDirectory,
    @Inject(StudentContracts) private readonly contracts: StudentContracts,
    @Inject(StudentSchedule) private readonly schedule: StudentSchedule,
    @Inject(SlotBooking) private readonly slots: SlotBooking,
    @Inject(LocationDirectory) private readonly locations: LocationDirectory,
    @Inject(LocationPolicies) private readonly policies: LocationPolicies,
  ) {}

  @Get('me')
  @ApiOperation({
    summary: 'O aluno: nome, saldo de créditos, próximas sessões, contratos pendentes, personal',
  })
  // The student's own signatures and cancellations show as soon as they are made.
  @ReadsProjections(...CONTRACT_READ_MODELS, ...STUDENT_READ_MODELS)
  async me(@CurrentUser() user: AuthUser): Promise<StudentArea> {
    const { student, trainer, account } = await this.studentOf(user);
    const now = new Date();
    const [contratosPendentes, upcoming, agendadas] = await Promise.all([
      this.contracts.pendingCount(account.tenantId, account.studentId),
      this.schedule.upcoming(account.tenantId, account.studentId, now, STUDENT_AREA_NEXT_SESSIONS),
      this.schedule.agendadas(account.tenantId, account.studentId, now),
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
      trainer,
    };
  }

  @Get('history')
  @ApiOperation({ summary: 'O histórico de créditos do próprio aluno' })
  async history(@CurrentUser() user: AuthUser) {
    const account = await this.accounts.studentOf(user.userId);
    const items = account && (await this.students.history(account.tenantId, account.studentId));
    if (!items) throw new NotFoundError('Aluno');
    return { items };
  }

  @Get('locations')
  @ApiOperation({
    summary: 'Os locais ativos do personal, com a política de cancelamento de cada um',
  })
  async locationsOf(@CurrentUser() user: AuthUser): Promise<{ items: StudentLocation[] }> {
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

  @Get('slots')
  @ApiOperation({
    summary:
      'Horários livres num local do personal a partir de um dia (o mesmo motor do agendamento público)',
  })
  @ApiQuery({ name: 'locationId', required: true })
  @ApiQuery({ name: 'from', required: false, description: 'AAAA-MM-DD (hoje quando ausente)' })
  async openSlots(@CurrentUser() user: AuthUser, @Query() query: Record<string, unknown>) {
    const { locationId, from } = slotsQuery.transform(query, { type: 'query' });
    const { account } = await this.studentOf(user);
    const offered = await this.locations.list(account.tenantId);
    if (!offered.some((location) => location.id === locationId && location.ativo))
      throw new NotFoundError('Local');
    const today = zonedParts(new Date(), DEFAULT_TIME_ZONE).date;
    return { items: await this.slots.openSlots(account.tenantId, locationId, from ?? today) };
  }

  @Post('bookings')
  @CommandRoute(
    201,
    {
      summary:
        "O aluno agenda um horário livre: 201 { id, inicio, fim, position }; 409 slot_taken; 409 no_credits ('Aluno sem créditos disponíveis')",
    },
    studentBookingSchema,
  )
  async book(
    @CurrentCommandContext() context: CommandContext,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(studentBookingSchema)) input: StudentBookingInput,
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
        reservesCredit: true,
      },
    );
  }

  @Post('sessions/:id/cancel')
  @CommandRoute(200, {
    summary:
      'O aluno cancela uma sessão sua agendada; dentro do limite da política com queima de crédito, queima 1 (creditoQueimado)',
  })
  async cancel(
    @CurrentCommandContext() context: CommandContext,
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ) {
    const { account } = await this.studentOf(user);
    return this.schedule.cancel(
      { ...context, tenantId: account.tenantId },
      account.studentId,
      sessionId(id),
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
