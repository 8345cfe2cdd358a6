import { Inject, Injectable } from '@nestjs/common';
import { type Kysely, sql, type Transaction } from 'kysely';
import { sessionLifecycleEvents } from '../../contracts/scheduling/events';
import { DATABASE, type Db } from '../../platform/database/database.module';
import type { Database } from '../../platform/database/database';
import {
  type CommandContext,
  type CommandResult,
  commandHandlerFor,
} from '../../platform/event-store/command-runner';
import type { StudentLifecycleEvent } from '../../contracts/students/events';
import { pickEvents } from '../../platform/event-store/event';
import { streamsNaming } from '../../platform/event-store/event-store';
import { loadState } from '../../platform/event-store/load-state';
import { personalDataVault } from '../../platform/personal-data/vault';
import { type EndedSessions, PrincipalSessions } from '../../platform/realtime/principal-sessions';
import { studentErasureDecider, studentErasureStreamId } from '../domain/student-erasure.decider';

/** What is known of a student before erasing them: their name and where copies of them lie. */
interface ErasureFacts {
  nome: string;
  subjectIds: string[];
  phones: string[];
  emails: string[];
  accountUserIds: string[];
}

/** Every erasure command, decided on the student's erasure stream. */
@Injectable()
export class StudentErasureCommands extends commandHandlerFor(studentErasureDecider) {}

/**
 * Erasing a student (LGPD art. 18, VI): their keys and those of their sessions' notes are
 * destroyed in the transaction that appends PersonalDataErased, which every read model applies in
 * its place in the log. What lives outside the log goes with it: their sign-in account, invites,
 * the public-booking counters of their phone, the e-mails kept for the dev mailbox and the
 * remembered answers (idempotency) that carried them.
 */
@Injectable()
export class StudentErasure {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(StudentErasureCommands) private readonly commands: StudentErasureCommands,
    @Inject(PrincipalSessions) private readonly sessions: PrincipalSessions,
  ) {}

  /** Their sessions end with the erasure: a token or socket of theirs is refused from its commit on. */
  async erase(context: CommandContext, studentId: string, confirm: string): Promise<CommandResult> {
    const facts = await erasureFacts(this.db, context.tenantId, studentId);
    let ended: EndedSessions | undefined;
    const result = await this.commands.handle(
      context,
      studentErasureStreamId(studentId),
      {
        type: 'EraseStudent',
        studentId,
        nome: facts?.nome ?? null,
        confirm,
        subjectIds: facts?.subjectIds ?? [],
      },
      {
        alsoInTransaction: async (trx) => {
          if (!facts) return;
          ended = await this.sessions.revoke({ userIds: facts.accountUserIds }, trx);
          await forgetStudent(trx, context.tenantId, studentId, facts);
        },
      },
    );
    if (ended) await this.sessions.announce(ended);
    return result;
  }
}

/** The session events that name the session's student. */
const namingTheStudent = pickEvents(sessionLifecycleEvents, ['SessionBooked', 'SessionReassigned']);

async function erasureFacts(
  db: Kysely<Database>,
  tenantId: string,
  studentId: string,
): Promise<ErasureFacts | null> {
  const { state: student } = await loadState(db, tenantId, studentId, {
    initialState: () => ({
      registered: false,
      nome: '',
      phones: [] as string[],
      emails: [] as string[],
    }),
    evolve(facts, event: StudentLifecycleEvent) {
      if (event.type !== 'StudentRegistered' && event.type !== 'StudentUpdated') return facts;
      const profile = event.data;
      return {
        registered: facts.registered || event.type === 'StudentRegistered',
        nome: profile.nome || facts.nome,
        phones: [
          ...facts.phones,
          ...[profile.telefone, profile.whatsapp].filter((phone): phone is string => !!phone),
        ],
        emails: profile.email ? [...facts.emails, profile.email] : facts.emails,
      };
    },
  });
  if (!student.registered) return null;
  const { nome } = student;
  const phones = new Set(student.phones);
  const emails = new Set(student.emails);
  const sessions = await streamsNaming(db, tenantId, namingTheStudent, 'studentId', studentId);
  const accounts = await sql<{ userId: string; email: string }>`
    select a.user_id, u.email from student_accounts a join users u on u.id = a.user_id
    where a.tenant_id = ${tenantId}::uuid and a.student_id = ${studentId}::uuid`.execute(db);
  const signed = await sql<{ telefone: string }>`
    select telefone from contract_signatures
    where tenant_id = ${tenantId}::uuid and student_id = ${studentId}::uuid`.execute(db);
  for (const row of signed.rows) phones.add(row.telefone);
  for (const row of accounts.rows) emails.add(row.email);
  return {
    nome,
    subjectIds: [studentId, ...sessions],
    phones: [...phones],
    emails: [...emails],
    accountUserIds: accounts.rows.map((row) => row.userId),
  };
}

async function forgetStudent(
  trx: Transaction<Database>,
  tenantId: string,
  studentId: string,
  facts: ErasureFacts,
): Promise<void> {
  await personalDataVault.redactClearEvents(trx, tenantId, facts.subjectIds);
  await personalDataVault.erase(trx, tenantId, facts.subjectIds);
  // Their sign-in (a student's user is theirs alone: one tenant, no trainer role), cascading to
  // profile, credentials, sessions and tokens.
  if (facts.accountUserIds.length > 0)
    await sql`
      delete from users where id = any(${facts.accountUserIds}::uuid[])
        and not exists (select 1 from user_roles r where r.user_id = users.id and r.role = 'personal')`.execute(
      trx,
    );
  await sql`delete from student_invites where tenant_id = ${tenantId}::uuid and student_id = ${studentId}::uuid`.execute(
    trx,
  );
  if (facts.phones.length > 0)
    await sql`delete from public_booking_counts where tenant_id = ${tenantId}::uuid and telefone = any(${facts.phones}::text[])`.execute(
      trx,
    );
  await sql`
    delete from dev_mailbox
    where to_address = any(${facts.emails}::text[]) or strpos(text_body, ${facts.nome}) > 0`.execute(
    trx,
  );
  await sql`
    delete from command_idempotency
    where tenant_id = ${tenantId}::uuid
      and (strpos(body::text, ${studentId}) > 0 or strpos(body::text, ${facts.nome}) > 0)`.execute(
    trx,
  );
}
