import type { Student } from '@contracts/students/api';
import { makeStudent } from '../../../test/fixtures';
import { normalizeForSearch, registeredCount, visibleStudents } from './student-list';

const student = (nome: string, creditos: number, ativo = true) => makeStudent({ id: nome, nome, creditos, ativo });

const all = [student('Bruno Lima', 5), student('ana Souza', 0), student('Álvaro Dias', 2), student('Carla Nunes', 9, false)];
const names = (list: Student[]) => list.map((item) => item.nome);

describe('students list view', () => {
  it('hides inactive students unless asked, and sorts by name the pt-BR way (case and accents aside)', () => {
    expect(names(visibleStudents(all, { query: '', sort: 'nome', showInactive: false }))).toEqual([
      'Álvaro Dias',
      'ana Souza',
      'Bruno Lima',
    ]);
    expect(names(visibleStudents(all, { query: '', sort: 'nome', showInactive: true }))).toContain('Carla Nunes');
  });

  it('searches names without minding case or accents', () => {
    expect(names(visibleStudents(all, { query: 'ALVA', sort: 'nome', showInactive: false }))).toEqual(['Álvaro Dias']);
    expect(names(visibleStudents(all, { query: ' souza ', sort: 'nome', showInactive: false }))).toEqual(['ana Souza']);
    expect(visibleStudents(all, { query: 'carla', sort: 'nome', showInactive: false })).toEqual([]);
    expect(normalizeForSearch('  Conceição ')).toBe('conceicao');
  });

  it('sorts by balance either way, by name among equals', () => {
    const more = [...all, student('Zeca', 5)];
    expect(names(visibleStudents(more, { query: '', sort: 'saldo-asc', showInactive: false }))).toEqual([
      'ana Souza',
      'Álvaro Dias',
      'Bruno Lima',
      'Zeca',
    ]);
    expect(names(visibleStudents(more, { query: '', sort: 'saldo-desc', showInactive: true }))).toEqual([
      'Carla Nunes',
      'Bruno Lima',
      'Zeca',
      'Álvaro Dias',
      'ana Souza',
    ]);
  });

  it('never reorders the list it was given', () => {
    const given = [...all];
    visibleStudents(given, { query: '', sort: 'saldo-desc', showInactive: true });
    expect(given).toEqual(all);
  });

  it("counts '{n} alunos cadastrados'", () => {
    expect([0, 1, 12].map(registeredCount)).toEqual(['0 alunos cadastrados', '1 aluno cadastrado', '12 alunos cadastrados']);
  });
});
