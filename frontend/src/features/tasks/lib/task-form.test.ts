import { TASK_LIST_COLORS, type TaskList } from '@contracts/tasks/api';
import { emptyTaskForm, hasTitle, nextListColor, validateTaskForm, validateTaskListForm } from './task-form';

const LIST = '0190f0e0-0000-7000-8000-0000000000a1';

describe('the task form', () => {
  it('sends every field, no time for a whole-day task, none of them blank', () => {
    expect(
      validateTaskForm({ ...emptyTaskForm(LIST), titulo: ' Treino ', dataVencimento: '2026-05-04', horaVencimento: '07:30' }),
    ).toEqual({
      data: {
        titulo: 'Treino',
        descricao: null,
        dataVencimento: '2026-05-04',
        horaVencimento: null,
        diaInteiro: true,
        repeticao: 'nenhuma',
        listId: LIST,
      },
    });
    expect(
      validateTaskForm({
        ...emptyTaskForm(LIST),
        titulo: 'Treino',
        descricao: 'Costas',
        dataVencimento: '2026-05-04',
        horaVencimento: '07:30',
        diaInteiro: false,
        repeticao: 'semanal',
      }),
    ).toMatchObject({ data: { descricao: 'Costas', horaVencimento: '07:30', diaInteiro: false, repeticao: 'semanal' } });
  });

  it("asks for a time when it is not for the whole day, and has none without a date", () => {
    expect(
      validateTaskForm({ ...emptyTaskForm(LIST), titulo: 'T', dataVencimento: '2026-05-04', diaInteiro: false }),
    ).toEqual({ errors: { horaVencimento: "Informe o horário ou marque 'Dia inteiro'" } });
    expect(validateTaskForm({ ...emptyTaskForm(LIST), titulo: 'T', diaInteiro: false, horaVencimento: '10:00' })).toMatchObject({
      data: { dataVencimento: null, horaVencimento: null, diaInteiro: false },
    });
  });

  it('knows a blank title (nothing happens, spec 000 §5)', () => {
    expect(hasTitle({ titulo: '   ' })).toBe(false);
    expect(hasTitle({ titulo: 'a' })).toBe(true);
  });

  it('checks a list name and gives new lists a colour not in use', () => {
    expect(validateTaskListForm({ nome: '  ', cor: '#228be6' })).toEqual({ errors: { nome: 'Nome da lista é obrigatório' } });
    expect(validateTaskListForm({ nome: ' Academia ', cor: '#FA5252' })).toEqual({ data: { nome: 'Academia', cor: '#fa5252' } });
    const lists = [{ cor: '#228be6' }, { cor: '#12b886' }] as TaskList[];
    expect(nextListColor(lists, TASK_LIST_COLORS)).toBe('#fab005');
  });
});
