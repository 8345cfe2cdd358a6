import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { contractsApi, studentContractsApi } from '../contracts/agreements/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser, SignedInStudent } from '../platform/auth/auth-user';
import { CurrentStudent, CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { idParam } from '../platform/http/id-param';
import { Implements, Input } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { ContractSigning } from './application/contract-signing.service';
import { ContractCommands } from './commands/contract.commands';
import { CONTRACT_SIGNATURES_PROJECTION, CONTRACTS_PROJECTION } from './projections';
import { ContractsRepository, type SignedCopy } from './queries/contracts.repository';
import { signedCopyPdf } from './queries/signed-copy-pdf';

const contractId = idParam('Contrato');
const signatureId = idParam('Assinatura', 'feminine');

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
    @Inject(ContractSigning) private readonly signing: ContractSigning,
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
  sign(
    @CurrentCommandContext() context: CommandContext,
    @CurrentStudent() student: SignedInStudent,
    @Req() request: FastifyRequest,
    @Input() { params, body }: ParsedInputOf<typeof contractsApi.sign>,
  ) {
    return this.signing.sign(context, student, contractId(params.id), body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
  }
}

/** The student's side: the active contracts to sign or signed, and their signed copies. */
@Controller()
export class StudentContractsController {
  constructor(
    @Inject(ContractsRepository) private readonly contracts: ContractsRepository,
  ) {}

  @Implements(studentContractsApi.list)
  @ReadsProjections(CONTRACTS_PROJECTION, CONTRACT_SIGNATURES_PROJECTION)
  async ownContracts(@CurrentStudent() student: SignedInStudent) {
    return { items: await this.contracts.forStudent(student.tenantId, student.studentId) };
  }

  @Implements(studentContractsApi.consents)
  @ReadsProjections(CONTRACT_SIGNATURES_PROJECTION)
  async consents(@CurrentStudent() student: SignedInStudent) {
    return { items: await this.contracts.consentsOf(student.tenantId, student.studentId) };
  }

  @Implements(studentContractsApi.signedPdf)
  @ReadsProjections(CONTRACT_SIGNATURES_PROJECTION)
  async signedPdf(
    @CurrentStudent() student: SignedInStudent,
    @Input() { params }: ParsedInputOf<typeof studentContractsApi.signedPdf>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const copy =
      (await this.contracts.studentSignedCopy(
        student.tenantId,
        student.studentId,
        contractId(params.id),
      )) ?? contractId.notFound();
    return sendPdf(reply, copy, `contrato-assinado-${copy.id}.pdf`);
  }
}
