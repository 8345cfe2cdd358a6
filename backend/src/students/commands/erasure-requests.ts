import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type PlatformConfig } from '../../config/config';
import { TrainerContacts } from '../../contracts/identity/ports';
import { DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import { ErasureRequests } from '../../contracts/students/ports';
import { escapeHtml, Mailer } from '../../platform/mail/mailer';
import { StudentsRepository } from '../queries/students.repository';
import { StudentCommands } from './student.commands';

/** The ErasureRequests port: the request on the student's stream, then the trainer's e-mail. */
@Injectable()
export class StudentErasureRequests extends ErasureRequests {
  constructor(
    @Inject(APP_CONFIG) private readonly config: PlatformConfig,
    @Inject(StudentCommands) private readonly commands: StudentCommands,
    @Inject(StudentsRepository) private readonly students: StudentsRepository,
    @Inject(TrainerContacts) private readonly trainers: TrainerContacts,
    @Inject(Mailer) private readonly mailer: Mailer,
  ) {
    super();
  }

  async request(
    actor: Parameters<ErasureRequests['request']>[0],
    studentId: string,
  ): Promise<{ id: string; position: number }> {
    const result = await this.commands.handle(actor, studentId, { type: 'RequestErasure' });
    const [student, trainer] = await Promise.all([
      this.students.find(actor.tenantId, studentId),
      this.trainers.contactOf(actor.tenantId),
    ]);
    if (student && trainer) {
      const dia = zonedParts(new Date(), DEFAULT_TIME_ZONE).date.split('-').reverse().join('/');
      const link = new URL(`/alunos/${studentId}`, this.config.APP_URL).toString();
      const pedido = `${student.nome} pediu em ${dia} a exclusão dos seus dados no Vira (LGPD, art. 18).`;
      const confirmar =
        'Para confirmar, abra a página do aluno e use "Excluir dados do aluno": ficam só os registros que a lei manda guardar.';
      await this.mailer.send({
        to: trainer.email,
        subject: `Pedido de exclusão de dados: ${student.nome}`,
        text: `Olá, ${trainer.nome}!\n\n${pedido}\n\n${confirmar}\n${link}`,
        html: `<p>Olá, ${escapeHtml(trainer.nome)}!</p><p>${escapeHtml(pedido)}</p><p>${escapeHtml(confirmar)}</p><p><a href="${escapeHtml(link)}">Abrir a página do aluno</a></p>`,
      });
    }
    return result;
  }
}
