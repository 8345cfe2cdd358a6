import { deciderSpec } from '../../../../test/support/decider-spec';
import { ERASE_CONFIRMATION_MESSAGE } from '../../contracts/students/api';
import { type EraseStudent, studentErasureDecider } from '../domain/student-erasure.decider';

const NOW = new Date('2026-12-02T12:00:00Z');
const STUDENT = '0190a0b0-0000-7000-8000-000000000001';
const SESSION = '0190a0b0-0000-7000-8000-000000000002';
const erase = (confirm: string, nome: string | null = 'Ana Souza'): EraseStudent => ({
  type: 'EraseStudent',
  studentId: STUDENT,
  nome,
  confirm,
  subjectIds: [STUDENT, SESSION],
});
const erased = {
  type: 'PersonalDataErased' as const,
  data: { studentId: STUDENT, subjectIds: [STUDENT, SESSION] },
};

const given = deciderSpec(studentErasureDecider, NOW);

describe('student erasure decider', () => {
  it('erases the student and their sessions notes when the name is typed exactly as registered (spaces around it aside)', () => {
    given().when(erase('  Ana Souza ')).then([erased]);
  });

  it('refuses a confirmation that is not the name as registered, naming the field', () => {
    for (const confirm of ['Ana', '', 'ana souza', 'ANA SOUZA', 'Ana  Souza', 'Ana souza'])
      given().when(erase(confirm)).thenFails('validation_error', ERASE_CONFIRMATION_MESSAGE);
  });

  it('does not find a student that does not exist or was already erased', () => {
    given().when(erase('Ana Souza', null)).thenFails('not_found', 'Aluno não encontrado');
    given(erased).when(erase('Ana Souza')).thenFails('not_found');
  });
});
