import { Inject, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { anonymizeIp, type SignContractFields } from '../../contracts/agreements/api';
import { StudentAccounts } from '../../contracts/identity/ports';
import { StudentDirectory } from '../../contracts/students/ports';
import type { SignedInStudent } from '../../platform/auth/auth-user';
import { NotFoundError } from '../../platform/errors/domain-error';
import type { CommandContext } from '../../platform/event-store/command-runner';
import { ContractCommands } from '../commands/contract.commands';

const MAX_USER_AGENT = 500;

/** Where a signature was given from, as the request says. */
export interface SigningClient {
  /** The client's address (request.ip honours TRUST_PROXY: X-Forwarded-For only from trusted hops). */
  ip: string;
  userAgent: string | string[] | undefined;
}

/** A student signs the current version of one of their trainer's contracts. */
@Injectable()
export class ContractSigning {
  constructor(
    @Inject(ContractCommands) private readonly commands: ContractCommands,
    @Inject(StudentAccounts) private readonly accounts: StudentAccounts,
    @Inject(StudentDirectory) private readonly students: StudentDirectory,
  ) {}

  async sign(
    context: CommandContext,
    signedIn: SignedInStudent,
    contractId: string,
    fields: SignContractFields,
    client: SigningClient,
  ) {
    const [student, trainer] = await Promise.all([
      this.students.find(signedIn.tenantId, signedIn.studentId),
      this.accounts.trainerOf(signedIn.tenantId),
    ]);
    if (!student) throw new NotFoundError('Aluno');
    const signatureId = uuidv7();
    const result = await this.commands.handle(context, contractId, {
      type: 'SignContract',
      signer: {
        signatureId,
        studentId: signedIn.studentId,
        userId: signedIn.userId,
        nome: student.nome,
        cpf: fields.cpf,
        telefone: fields.telefone,
        personal: trainer?.nome ?? '',
        ipAddress: anonymizeIp(client.ip),
        userAgent:
          typeof client.userAgent === 'string' ? client.userAgent.slice(0, MAX_USER_AGENT) : null,
      },
      whatsapp: fields.whatsapp === true,
    });
    return { ...result, signatureId };
  }
}
