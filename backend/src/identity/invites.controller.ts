import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../config/config';
import {
  type AcceptInviteInput,
  acceptInviteSchema,
  type CreatedInvite,
  type CreateInviteInput,
  createInviteSchema,
  type InviteView,
} from '../contracts/identity';
import { StudentDirectory } from '../contracts/students';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Public } from '../platform/auth/public.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import { DATABASE, type Db } from '../platform/database/database.module';
import { NotFoundError } from '../platform/errors/domain-error';
import { entityReferences } from '../platform/references/entity-references';
import { ApiZodBody } from '../platform/http/openapi.decorators';
import { ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import { AcceptInviteHandler } from './commands/accept-invite.command';
import { InvalidInviteError, StudentHasAccountError } from './domain/identity.errors';
import type { IdentityConfig } from './identity.config';
import { RateLimiter } from '../platform/http/rate-limiter';
import { AccountRepository } from './queries/account.repository';
import { InviteRepository } from './queries/invite.repository';

const MAX_TOKEN_LENGTH = 100;

@ApiTags('invites')
@Controller('invites')
export class InvitesController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    @Inject(DATABASE) private readonly db: Db,
    @Inject(InviteRepository) private readonly invites: InviteRepository,
    @Inject(AccountRepository) private readonly accounts: AccountRepository,
    @Inject(StudentDirectory) private readonly students: StudentDirectory,
    @Inject(AcceptInviteHandler) private readonly acceptInvite: AcceptInviteHandler,
    @Inject(RateLimiter) private readonly rateLimiter: RateLimiter,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiBearerAuth()
  @Roles('personal')
  @ApiOperation({
    summary: 'Convite para o aluno criar a conta (7 dias, uso único; substitui o anterior)',
  })
  @ApiZodBody(createInviteSchema)
  async create(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createInviteSchema)) { studentId }: CreateInviteInput,
  ): Promise<CreatedInvite> {
    // The entity registry is written with the student's own events, so a student created a moment
    // ago is found here at once (the students read model may still be catching up).
    const exists = await entityReferences.exists(this.db, user.tenantId, {
      kind: 'student',
      id: studentId,
    });
    if (!exists) throw new NotFoundError('Aluno');
    if (await this.accounts.studentHasAccount(user.tenantId, studentId))
      throw new StudentHasAccountError();
    const { token, expiresAt } = await this.invites.create(
      { tenantId: user.tenantId, studentId, createdBy: user.userId },
      new Date(),
    );
    return {
      token,
      inviteUrl: new URL(`/convite/${token}`, this.config.APP_URL).toString(),
      expiresAt: expiresAt.toISOString(),
    };
  }

  @Get(':token')
  @Public()
  @ApiOperation({ summary: 'O convite: nome do aluno e do personal; 404 convite_invalido' })
  async show(@Param('token') token: string): Promise<InviteView> {
    const invite =
      token.length <= MAX_TOKEN_LENGTH
        ? await this.invites.findValid(token, new Date())
        : undefined;
    const [student, trainer] = invite
      ? await Promise.all([
          this.students.find(invite.tenantId, invite.studentId),
          this.accounts.trainerOf(invite.tenantId),
        ])
      : [];
    if (!student || !trainer) throw new InvalidInviteError();
    return { student: { nome: student.nome }, trainer: { nome: trainer.nome } };
  }

  @Post(':token/accept')
  @Public()
  @HttpCode(201)
  @ApiOperation({
    summary: 'O aluno cria a conta pelo convite (uma só, mesmo com aceites simultâneos)',
  })
  @ApiZodBody(acceptInviteSchema)
  async accept(
    @Param('token') token: string,
    @Body(new ZodValidationPipe(acceptInviteSchema)) input: AcceptInviteInput,
    @Req() request: FastifyRequest,
  ): Promise<{ id: string }> {
    await this.rateLimiter.hit('signup', request.ip, this.config.RATE_LIMIT_SIGNUP);
    if (token.length > MAX_TOKEN_LENGTH) throw new InvalidInviteError();
    return this.acceptInvite.execute(token, input, new Date(), request.id);
  }
}
