import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CONTRACT_READ_MODELS, StudentContracts } from '../contracts/agreements';
import { StudentAccounts } from '../contracts/identity';
import { StudentDirectory } from '../contracts/students';
import {
  STUDENT_AREA_NEXT_SESSIONS,
  type StudentArea,
  StudentSchedule,
} from '../contracts/student-area';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import { NotFoundError } from '../platform/errors/domain-error';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';

/** The student's own area: what the student sees of their trainer, balance and history. */
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
  ) {}

  @Get('me')
  @ApiOperation({
    summary: 'O aluno: nome, saldo de créditos, próximas sessões, contratos pendentes, personal',
  })
  // The student's own signatures show in the pending count as soon as they are made.
  @ReadsProjections(...CONTRACT_READ_MODELS)
  async me(@CurrentUser() user: AuthUser): Promise<StudentArea> {
    const { student, trainer, account } = await this.studentOf(user);
    const [contratosPendentes, proximasSessoes] = await Promise.all([
      this.contracts.pendingCount(account.tenantId, account.studentId),
      this.schedule.upcoming(
        account.tenantId,
        account.studentId,
        new Date(),
        STUDENT_AREA_NEXT_SESSIONS,
      ),
    ]);
    return {
      nome: student.nome,
      creditos: student.creditos,
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

  private async studentOf(user: AuthUser) {
    const account = await this.accounts.studentOf(user.userId);
    const [student, trainer] = account
      ? await Promise.all([
          this.students.find(account.tenantId, account.studentId),
          this.accounts.trainerOf(account.tenantId),
        ])
      : [];
    if (!account || !student || !trainer) throw new NotFoundError('Aluno');
    return { student, trainer, account };
  }
}
