import { Inject, Injectable } from '@nestjs/common';
import type { StudentChannelsInput } from '../../contracts/messaging/api';
import { studentLifecycleEvents } from '../../contracts/students/events';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { NotFoundError } from '../../platform/errors/domain-error';
import { readStreamOf } from '../../platform/event-store/event-store';
import type { CommandContext, CommandResult } from '../../platform/event-store/command-runner';
import { StudentChannelsCommands } from '../commands/whatsapp.commands';
import { DEFAULT_CHANNELS, studentChannelsStreamId } from '../domain/student-channels.decider';

/** How the trainer's student is reached, and the WhatsApp consent's evidence. */
@Injectable()
export class StudentChannelsService {
  constructor(
    @Inject(StudentChannelsCommands) private readonly commands: StudentChannelsCommands,
    @Inject(DATABASE) private readonly db: Db,
  ) {}

  /**
   * The tenant's student, from their own stream (its published events): a student registered a
   * moment ago is found, one removed or of another tenant is 404.
   */
  private async existing(tenantId: string, studentId: string): Promise<void> {
    const stream = await readStreamOf(this.db, tenantId, studentId, studentLifecycleEvents);
    if (stream.length === 0 || stream.at(-1)?.eventType === 'StudentRemoved')
      throw new NotFoundError('Aluno');
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
      whatsapp: row?.whatsapp ?? DEFAULT_CHANNELS.whatsapp,
      email: row?.email ?? DEFAULT_CHANNELS.email,
      push: row?.push ?? DEFAULT_CHANNELS.push,
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
