import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { v5 as uuidv5, v7 as uuidv7 } from 'uuid';
import { StudentsByPhone } from '../../contracts/students/ports';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { DomainError } from '../../platform/errors/domain-error';
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
 * from the phone, so it is found before the read model has it, and concurrent first bookings of
 * one phone register one student), else a new student registered now.
 */
@Injectable()
export class PhoneStudents extends StudentsByPhone {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(StudentCommands) private readonly commands: StudentCommands,
  ) {
    super();
  }

  async findOrRegister(
    actor: Parameters<StudentsByPhone['findOrRegister']>[0],
    visitor: { nome: string; telefone: string },
  ): Promise<{ id: string; nome: string }> {
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
    /** The derived student as its stream tells it now: whether it is there, and its name. */
    const current = async (id: string) => {
      const { state } = await loadState(this.db, tenantId, id, {
        initialState: () => ({ nome: visitor.nome, student: studentDecider.initialState() }),
        evolve: ({ nome, student }, event: StudentEvent) => ({
          nome:
            event.type === 'StudentRegistered' || event.type === 'StudentUpdated'
              ? (event.data.nome ?? nome)
              : nome,
          student: studentDecider.evolve(student, event),
        }),
      });
      return { id, nome: state.nome, status: state.student.status };
    };
    const register = (id: string) =>
      this.commands.handle(actor, id, {
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
    const now = await current(derived);
    if (now.status === 'active') return { id: derived, nome: now.nome };
    if (now.status === 'removed') return { id: (await register(uuidv7())).id, nome: visitor.nome };
    try {
      return { id: (await register(derived)).id, nome: visitor.nome };
    } catch (error) {
      // Another booking from this phone registered it a moment ago.
      const again = await current(derived);
      if (error instanceof DomainError && again.status === 'active')
        return { id: derived, nome: again.nome };
      throw error;
    }
  }
}
