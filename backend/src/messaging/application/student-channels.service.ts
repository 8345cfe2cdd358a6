import { Inject, Injectable } from '@nestjs/common';
import type { StudentChannelsInput } from '../../contracts/messaging/api';
import { StudentDirectory } from '../../contracts/students/ports';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { NotFoundError } from '../../platform/errors/domain-error';
import type { CommandContext, CommandResult } from '../../platform/event-store/command-runner';
import { StudentChannelsCommands } from '../commands/whatsapp.commands';
import { studentChannelsStreamId } from '../domain/student-channels.decider';

/** How the trainer's student is reached, and the WhatsApp consent's evidence. */
@Injectable()
export class StudentChannelsService {
  constructor(
    @Inject(StudentChannelsCommands) private readonly commands: StudentChannelsCommands,
    @Inject(StudentDirectory) private readonly students: StudentDirectory,
    @Inject(DATABASE) private readonly db: Db,
  ) {}

  private async existing(tenantId: string, studentId: string): Promise<void> {
    if (!(await this.students.find(tenantId, studentId))) throw new NotFoundError('Aluno');
  }

  async channels(tenantId: string, studentId: string) {
    await this.existing(tenantId, studentId);
    const row = await this.db
      .selectFrom('whatsappContacts')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('studentId', '=', studentId)
      .executeTakeFirst();
    return {
      whatsapp: row?.whatsapp ?? false,
      email: row?.email ?? true,
      push: row?.push ?? true,
      consentimento:
        row?.consentimentoComo && row.consentimentoEm && row.consentimentoPor
          ? {
              como: row.consentimentoComo,
              quando: row.consentimentoEm.toISOString(),
              registradoPor: row.consentimentoPor,
            }
          : null,
      parado: row?.paradoEm != null,
      naoEntregue: row?.naoEntregue ?? false,
    };
  }

  async choose(
    context: CommandContext,
    studentId: string,
    body: StudentChannelsInput,
  ): Promise<CommandResult> {
    await this.existing(context.tenantId, studentId);
    const { consentimento, ...channels } = body;
    return this.commands.handle(context, studentChannelsStreamId(studentId), {
      type: 'ChooseChannels',
      studentId,
      channels,
      consentimento: consentimento
        ? { como: consentimento.como, quando: new Date(consentimento.quando).toISOString() }
        : null,
      registradoPor: context.actorId,
    });
  }
}
