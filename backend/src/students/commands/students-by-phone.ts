import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { v5 as uuidv5, v7 as uuidv7 } from 'uuid';
import { StudentsByPhone } from '../../contracts/students/ports';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { ConflictError } from '../../platform/errors/domain-error';
import { loadState } from '../../platform/event-store/load-state';
import { studentDecider } from '../domain/student.decider';
import type { StudentEvent } from '../domain/student.events';
import { StudentCommands } from './student.commands';

/** Students registered from a phone (public booking) get an id derived from tenant and phone. */
const PHONE_NAMESPACE = 'b3a4f0de-2c51-4f7e-9a86-0d6c8e1f5a27';
const phoneStudentId = (tenantId: string, telefone: string) =>
  uuidv5(`${tenantId}:${telefone}`, PHONE_NAMESPACE);

/**
 * The StudentsByPhone port: the tenant's student with this phone (telefone or WhatsApp, the oldest
 * active one first), else the student a previous visitor with this phone became (its id derived
 * from the phone, so it is found before the read model has it), else the student this visitor
 * would become, with the command that registers them (the derived id, so concurrent first
 * bookings of one phone register one student; a new id when that student was removed).
 */
@Injectable()
export class PhoneStudents extends StudentsByPhone {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(StudentCommands) private readonly commands: StudentCommands,
  ) {
    super();
  }

  async find(
    actor: Parameters<StudentsByPhone['find']>[0],
    visitor: { nome: string; telefone: string },
  ): Promise<{ id: string; nome: string; register?: () => Promise<void> }> {
    const { tenantId } = actor;
    const known = await this.db
      .selectFrom('students')
      .select(['id', 'nome'])
      .where('tenantId', '=', tenantId)
      .where('removedAt', 'is', null)
      .where((eb) =>
        eb.or([eb('telefone', '=', visitor.telefone), eb('whatsapp', '=', visitor.telefone)]),
      )
      .orderBy(sql`ativo desc`)
      .orderBy('createdAt')
      .executeTakeFirst();
    if (known) return known;

    const derived = phoneStudentId(tenantId, visitor.telefone);
    const { state } = await loadState(this.db, tenantId, derived, {
      initialState: () => ({ nome: visitor.nome, student: studentDecider.initialState() }),
      evolve: ({ nome, student }, event: StudentEvent) => ({
        nome:
          event.type === 'StudentRegistered' || event.type === 'StudentUpdated'
            ? (event.data.nome ?? nome)
            : nome,
        student: studentDecider.evolve(student, event),
      }),
    });
    if (state.student.status === 'active') return { id: derived, nome: state.nome };
    const id = state.student.status === 'removed' ? uuidv7() : derived;
    const register = async () => {
      try {
        await this.commands.handle(actor, id, {
          type: 'RegisterStudent',
          visitante: true,
          profile: {
            nome: visitor.nome,
            telefone: visitor.telefone,
            whatsapp: visitor.telefone,
            email: null,
            planoId: null,
            observacoes: null,
          },
        });
      } catch (error) {
        // Another booking from this phone registered them a moment ago: theirs is this student.
        if (!(error instanceof ConflictError && error.code === 'student_exists')) throw error;
      }
    };
    return { id, nome: visitor.nome, register };
  }
}
