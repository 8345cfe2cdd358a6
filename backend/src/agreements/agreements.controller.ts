import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { anonymizeIp, contractsApi, studentContractsApi } from '../contracts/agreements/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { StudentAccounts } from '../contracts/identity/ports';
import { StudentDirectory } from '../contracts/students/ports';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { NotFoundError } from '../platform/errors/domain-error';
import { idParam } from '../platform/http/id-param';
import { Implements, Input } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { ContractCommands } from './commands/contract.commands';
import { CONTRACT_SIGNATURES_PROJECTION, CONTRACTS_PROJECTION } from './projections';
import { ContractsRepository, type SignedCopy } from './queries/contracts.repository';
import { signedCopyPdf } from './queries/signed-copy-pdf';

const contractId = idParam('Contrato');
const signatureId = idParam('Assinatura', 'feminine');

const MAX_USER_AGENT = 500;

async function sendPdf(reply: FastifyReply, copy: SignedCopy, name: string) {
  const pdf = await signedCopyPdf(copy);
  void reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`);
  return pdf;
}

/** Contracts and terms, the trainer's side (spec 001 §2 'Contratos e Termos'), and signing. */
@Controller()
export class ContractsController {
  constructor(
    @Inject(ContractCommands) private readonly commands: ContractCommands,
    @Inject(ContractsRepository) private readonly contracts: ContractsRepository,
    @Inject(StudentAccounts) private readonly accounts: StudentAccounts,
    @Inject(StudentDirectory) private readonly students: StudentDirectory,
  ) {}

  @Implements(contractsApi.list)
  @ReadsProjections(CONTRACTS_PROJECTION, CONTRACT_SIGNATURES_PROJECTION)
  async list(
    @CurrentUser() user: AuthUser,
    @Input() { query }: ParsedInputOf<typeof contractsApi.list>,
  ) {
    return { items: await this.contracts.list(user.tenantId, query.inativos === 'true') };
  }

  @Implements(contractsApi.get)
  @ReadsProjections(CONTRACTS_PROJECTION, CONTRACT_SIGNATURES_PROJECTION)
  async get(
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof contractsApi.get>,
  ) {
    return (
      (await this.contracts.find(user.tenantId, contractId(params.id))) ?? contractId.notFound()
    );
  }

  @Implements(contractsApi.create)
  create(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof contractsApi.create>,
  ) {
    return this.commands.handle(context, uuidv7(), { type: 'CreateContract', terms: body });
  }

  @Implements(contractsApi.update)
  update(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body }: ParsedInputOf<typeof contractsApi.update>,
  ) {
    return this.commands.handle(context, contractId(params.id), {
      type: 'UpdateContract',
      changes: body,
    });
  }

  @Implements(contractsApi.signatures)
  @ReadsProjections(CONTRACTS_PROJECTION, CONTRACT_SIGNATURES_PROJECTION)
  async signatures(
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof contractsApi.signatures>,
  ) {
    const id = contractId(params.id);
    const contract = await this.contracts.find(user.tenantId, id);
    if (!contract) contractId.notFound();
    return { items: await this.contracts.signatures(user.tenantId, id) };
  }

  @Implements(contractsApi.signaturePdf)
  @ReadsProjections(CONTRACT_SIGNATURES_PROJECTION)
  async signaturePdf(
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof contractsApi.signaturePdf>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const copy =
      (await this.contracts.signedCopy(
        user.tenantId,
        contractId(params.id),
        signatureId(params.signatureId),
      )) ?? signatureId.notFound();
    return sendPdf(reply, copy, `contrato-assinado-${copy.id}.pdf`);
  }

  @Implements(contractsApi.sign)
  async sign(
    @CurrentCommandContext() context: CommandContext,
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
    @Input() { params, body: fields }: ParsedInputOf<typeof contractsApi.sign>,
  ) {
    const contract = contractId(params.id);
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
@Controller()
export class StudentContractsController {
  constructor(
    @Inject(ContractsRepository) private readonly contracts: ContractsRepository,
    @Inject(StudentAccounts) private readonly accounts: StudentAccounts,
  ) {}

  @Implements(studentContractsApi.list)
  @ReadsProjections(CONTRACTS_PROJECTION, CONTRACT_SIGNATURES_PROJECTION)
  async ownContracts(@CurrentUser() user: AuthUser) {
    const account = await this.studentOf(user);
    return { items: await this.contracts.forStudent(account.tenantId, account.studentId) };
  }

  @Implements(studentContractsApi.consents)
  @ReadsProjections(CONTRACT_SIGNATURES_PROJECTION)
  async consents(@CurrentUser() user: AuthUser) {
    const account = await this.studentOf(user);
    return { items: await this.contracts.consentsOf(account.tenantId, account.studentId) };
  }

  @Implements(studentContractsApi.signedPdf)
  @ReadsProjections(CONTRACT_SIGNATURES_PROJECTION)
  async signedPdf(
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof studentContractsApi.signedPdf>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const account = await this.studentOf(user);
    const copy =
      (await this.contracts.studentSignedCopy(
        account.tenantId,
        account.studentId,
        contractId(params.id),
      )) ?? contractId.notFound();
    return sendPdf(reply, copy, `contrato-assinado-${copy.id}.pdf`);
  }

  private async studentOf(user: AuthUser) {
    const account = await this.accounts.studentOf(user.userId);
    if (!account || account.tenantId !== user.tenantId) throw new NotFoundError('Aluno');
    return account;
  }
}
