import { Inject, Injectable } from '@nestjs/common';
import { StudentContracts } from '../../contracts/agreements/ports';
import { StudentCharges } from '../../contracts/charges/ports';
import { StudentAccounts } from '../../contracts/identity/ports';
import type { CancellationPolicy } from '../../contracts/locations/api';
import { LocationDirectory, LocationPolicies } from '../../contracts/locations/ports';
import { SlotBooking, StudentSchedule } from '../../contracts/scheduling/ports';
import { toReais } from '../../contracts/shared/money';
import type { PersonalDataExport } from '../../contracts/shared/personal-data';
import { DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import { freeCredits, STUDENT_AREA_NEXT_SESSIONS } from '../../contracts/student-area/api';
import { ErasureRequests, StudentDirectory } from '../../contracts/students/ports';
import type { SignedInStudent } from '../../platform/auth/auth-user';
import { NotFoundError } from '../../platform/errors/domain-error';
import type { CommandContext } from '../../platform/event-store/command-runner';

const studentNotFound = () => new NotFoundError('Aluno');

/**
 * The student's own area: balance, trainer, next sessions, history, their data, and booking or
 * cancelling their own sessions, always as the student their access token names, in its tenant.
 */
@Injectable()
export class StudentAreaService {
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
  ) {}

  async me(signedIn: SignedInStudent, now: Date) {
    const { tenantId, studentId, userId } = signedIn;
    const { student, trainer } = await this.studentAndTrainer(signedIn);
    const [contratosPendentes, upcoming, agendadas, charges, documents] = await Promise.all([
      this.contracts.pendingCount(tenantId, studentId),
      this.schedule.upcoming(tenantId, studentId, now, STUDENT_AREA_NEXT_SESSIONS),
      this.schedule.agendadas(tenantId, studentId, now),
      this.charges.pendingOf(tenantId, studentId),
      this.accounts.documentsOf(userId),
    ]);
    const policies = new Map<string, Promise<CancellationPolicy | undefined>>();
    const policyOf = (locationId: string) => {
      let policy = policies.get(locationId);
      if (!policy) {
        policy = this.policies.policyOf(tenantId, locationId);
        policies.set(locationId, policy);
      }
      return policy;
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
      cobrancas: charges.map(({ valorCentavos, ...charge }) => ({
        ...charge,
        valor: toReais(valorCentavos),
      })),
      cpf: documents.cpf,
      telefone: documents.telefone ?? student.whatsapp ?? student.telefone,
      trainer,
      exclusaoPedidaEm: student.exclusaoPedidaEm,
    };
  }

  async history({ tenantId, studentId }: SignedInStudent) {
    const items = await this.students.history(tenantId, studentId);
    if (!items) throw studentNotFound();
    return { items };
  }

  /** The trainer's active locations, each with its cancellation policy. */
  async locationsOf(signedIn: SignedInStudent) {
    await this.studentAndTrainer(signedIn);
    const locations = await this.locations.list(signedIn.tenantId);
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

  /** Open slots of one of the trainer's active locations, from `from` (today by default). */
  async openSlots(
    signedIn: SignedInStudent,
    locationId: string,
    from: string | undefined,
    now: Date,
  ) {
    await this.studentAndTrainer(signedIn);
    const offered = await this.locations.list(signedIn.tenantId);
    if (!offered.some((location) => location.id === locationId && location.ativo))
      throw new NotFoundError('Local');
    const today = zonedParts(now, DEFAULT_TIME_ZONE).date;
    return { items: await this.slots.openSlots(signedIn.tenantId, locationId, from ?? today) };
  }

  async book(
    context: CommandContext,
    signedIn: SignedInStudent,
    slot: { locationId: string; inicio: string },
  ) {
    await this.studentAndTrainer(signedIn);
    // The credit is consumed at attendance, as for any session; booking reserves it meanwhile.
    return this.slots.bookSlot(context, {
      studentId: signedIn.studentId,
      locationId: slot.locationId,
      inicio: slot.inicio,
      origin: 'aluno',
    });
  }

  async cancel(context: CommandContext, signedIn: SignedInStudent, sessionId: string) {
    await this.studentAndTrainer(signedIn);
    return this.schedule.cancel(context, signedIn.studentId, sessionId);
  }

  /** Everything the database holds about them (LGPD), the same copy their trainer can download. */
  async personalData({ tenantId, studentId }: SignedInStudent): Promise<PersonalDataExport> {
    const data = await this.students.personalData(tenantId, studentId);
    if (!data) throw studentNotFound();
    return data;
  }

  async requestErasure(context: CommandContext, signedIn: SignedInStudent) {
    await this.studentAndTrainer(signedIn);
    return this.erasureRequests.request(context, signedIn.studentId);
  }

  /** Their record and their trainer: an erased or removed student is 404 'Aluno não encontrado'. */
  private async studentAndTrainer({ tenantId, studentId }: SignedInStudent) {
    const [student, trainer] = await Promise.all([
      this.students.find(tenantId, studentId),
      this.accounts.trainerOf(tenantId),
    ]);
    if (!student || !trainer) throw studentNotFound();
    return { student, trainer };
  }
}
