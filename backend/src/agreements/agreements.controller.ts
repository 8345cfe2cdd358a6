import { Body, Controller, Get, Inject, Param, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import {
  anonymizeIp,
  type ContractTerms,
  createContractSchema,
  type SignContractFields,
  signContractSchema,
  type UpdateContractInput,
  updateContractSchema,
} from '../contracts/agreements';
import { StudentAccounts } from '../contracts/identity';
import { StudentDirectory } from '../contracts/students';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { NotFoundError } from '../platform/errors/domain-error';
import { CommandRoute } from '../platform/http/openapi.decorators';
import { idParam } from '../platform/http/id-param';
import { ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { ContractCommands } from './commands/contract.commands';
import { CONTRACT_SIGNATURES_PROJECTION, CONTRACTS_PROJECTION } from './projections';
import { ContractsRepository, type SignedCopy } from './queries/contracts.repository';
import { signedCopyPdf } from './queries/signed-copy-pdf';

const contractId = idParam('Contrato');
const signatureId = idParam('Assinatura');

const MAX_USER_AGENT = 500;

async function sendPdf(reply: FastifyReply, copy: SignedCopy, name: string) {
  const pdf = await signedCopyPdf(copy);
  void reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`);
  return pdf;
}

/** Contracts and terms, the trainer's side (spec 001 §2 'Contratos e Termos'), and signing. */
@ApiTags('contracts')
@ApiBearerAuth()
@Roles('personal')
@Controller('contracts')
export class ContractsController {
  constructor(
    @Inject(ContractCommands) private readonly commands: ContractCommands,
    @Inject(ContractsRepository) private readonly contracts: ContractsRepository,
    @Inject(StudentAccounts) private readonly accounts: StudentAccounts,
    @Inject(StudentDirectory) private readonly students: StudentDirectory,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Contratos ativos, mais novos primeiro, com as contagens de assinaturas',
  })
  @ReadsProjections(CONTRACTS_PROJECTION, CONTRACT_SIGNATURES_PROJECTION)
  async list(@CurrentUser() user: AuthUser) {
    return { items: await this.contracts.list(user.tenantId) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Um contrato (ativo ou não)' })
  @ReadsProjections(CONTRACTS_PROJECTION, CONTRACT_SIGNATURES_PROJECTION)
  async get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return (await this.contracts.find(user.tenantId, contractId(id))) ?? contractId.notFound();
  }

  @Post()
  @CommandRoute(
    201,
    { summary: 'Cria um contrato ou termo; 201 { id, position }' },
    createContractSchema,
  )
  create(
    @CurrentCommandContext() context: CommandContext,
    @Body(new ZodValidationPipe(createContractSchema)) terms: ContractTerms,
  ) {
    return this.commands.handle(context, uuidv7(), { type: 'CreateContract', terms });
  }

  @Patch(':id')
  @CommandRoute(
    200,
    {
      summary:
        'Altera titulo, conteudo ou tipo (uma nova versão quando a atual já tem assinaturas); { isActive: false } desativa',
    },
    updateContractSchema,
  )
  update(
    @CurrentCommandContext() context: CommandContext,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateContractSchema)) changes: UpdateContractInput,
  ) {
    return this.commands.handle(context, contractId(id), { type: 'UpdateContract', changes });
  }

  @Get(':id/signatures')
  @ApiOperation({
    summary: 'Quem assinou, quando, e as evidências (IP anonimizado, hash do texto)',
  })
  @ReadsProjections(CONTRACTS_PROJECTION, CONTRACT_SIGNATURES_PROJECTION)
  async signatures(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    const contract = await this.contracts.find(user.tenantId, contractId(id));
    if (!contract) contractId.notFound();
    return { items: await this.contracts.signatures(user.tenantId, contractId(id)) };
  }

  @Get(':id/signatures/:signatureId.pdf')
  @ApiOperation({ summary: 'A via assinada em PDF (texto, assinante, data e hora, hash)' })
  @ApiProduces('application/pdf')
  @ReadsProjections(CONTRACT_SIGNATURES_PROJECTION)
  async signaturePdf(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Param('signatureId') signature: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const copy =
      (await this.contracts.signedCopy(user.tenantId, contractId(id), signatureId(signature))) ??
      signatureId.notFound();
    return sendPdf(reply, copy, `contrato-assinado-${copy.id}.pdf`);
  }

  @Post(':id/sign')
  @Roles('aluno')
  @CommandRoute(
    201,
    {
      summary:
        'O aluno assina a versão atual; 201 { id, signatureId, position }; 409 already_signed; 404 para contrato inativo',
    },
    signContractSchema,
  )
  async sign(
    @CurrentCommandContext() context: CommandContext,
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(signContractSchema)) fields: SignContractFields,
  ) {
    const contract = contractId(id);
    const account = await this.accounts.studentOf(user.userId);
    if (!account || account.tenantId !== user.tenantId) throw new NotFoundError('Aluno');
    const [student, trainer] = await Promise.all([
      this.students.find(account.tenantId, account.studentId),
      this.accounts.trainerOf(account.tenantId),
    ]);
    if (!student) throw new NotFoundError('Aluno');
    const userAgent = request.headers['user-agent'];
    const newSignature = uuidv7();
    const result = await this.commands.handle(context, contract, {
      type: 'SignContract',
      signer: {
        signatureId: newSignature,
        studentId: account.studentId,
        userId: user.userId,
        nome: student.nome,
        cpf: fields.cpf,
        telefone: fields.telefone,
        personal: trainer?.nome ?? '',
        // request.ip honours TRUST_PROXY: X-Forwarded-For only from trusted hops.
        ipAddress: anonymizeIp(request.ip),
        userAgent: typeof userAgent === 'string' ? userAgent.slice(0, MAX_USER_AGENT) : null,
      },
    });
    return { ...result, signatureId: newSignature };
  }
}

/** The student's side: the active contracts to sign or signed, and their signed copies. */
@ApiTags('student-area')
@ApiBearerAuth()
@Roles('aluno')
@Controller('student/contracts')
export class StudentContractsController {
  constructor(
    @Inject(ContractsRepository) private readonly contracts: ContractsRepository,
    @Inject(StudentAccounts) private readonly accounts: StudentAccounts,
  ) {}

  @Get()
  @ApiOperation({
    summary: "Contratos ativos do personal: 'pendente' ou 'assinado' (versão atual)",
  })
  @ReadsProjections(CONTRACTS_PROJECTION, CONTRACT_SIGNATURES_PROJECTION)
  async list(@CurrentUser() user: AuthUser) {
    const account = await this.studentOf(user);
    return { items: await this.contracts.forStudent(account.tenantId, account.studentId) };
  }

  @Get(':id/signed.pdf')
  @ApiOperation({ summary: 'A via assinada do próprio aluno em PDF' })
  @ApiProduces('application/pdf')
  @ReadsProjections(CONTRACT_SIGNATURES_PROJECTION)
  async signedPdf(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const account = await this.studentOf(user);
    const copy =
      (await this.contracts.studentSignedCopy(
        account.tenantId,
        account.studentId,
        contractId(id),
      )) ?? contractId.notFound();
    return sendPdf(reply, copy, `contrato-assinado-${copy.id}.pdf`);
  }

  private async studentOf(user: AuthUser) {
    const account = await this.accounts.studentOf(user.userId);
    if (!account || account.tenantId !== user.tenantId) throw new NotFoundError('Aluno');
    return account;
  }
}
