import { reminderMessage, reminderSettingsSchema, reminderWhen } from '../api';

const SAO_PAULO = 'America/Sao_Paulo';

describe('reminder wording', () => {
  it('says today, tomorrow or the date as São Paulo sees it, whatever the server zone', () => {
    const now = new Date('2030-05-09T22:30:00-03:00'); // 01:30 UTC on the 10th
    expect(reminderWhen(new Date('2030-05-09T23:15:00-03:00'), now, SAO_PAULO)).toBe(
      'hoje às 23:15',
    );
    expect(reminderWhen(new Date('2030-05-10T07:00:00-03:00'), now, SAO_PAULO)).toBe(
      'amanhã (10/05) às 07:00',
    );
    expect(reminderWhen(new Date('2030-05-31T21:00:00-03:00'), now, SAO_PAULO)).toBe(
      'em 31/05 às 21:00',
    );
  });

  it('greets by first name, names the trainer and the place when there is one', () => {
    const base = {
      studentNome: ' Ana  Clara Souza',
      trainerNome: 'Carla',
      quando: 'hoje às 07:00',
    };
    expect(reminderMessage({ ...base, locationNome: 'Academia Centro' })).toBe(
      'Olá, Ana! Lembrete do seu treino com Carla hoje às 07:00 em Academia Centro. Se não puder comparecer, avise com antecedência.',
    );
    expect(reminderMessage({ ...base, locationNome: null })).toContain('Carla hoje às 07:00. Se');
  });

  it('refuses a lead time outside 1–168 hours and an hour outside 0–23', () => {
    const valid = { ativo: true, antecedenciaHoras: 24, resumoDiario: true, horaResumo: 20 };
    expect(reminderSettingsSchema.safeParse(valid).success).toBe(true);
    expect(reminderSettingsSchema.safeParse({ ...valid, antecedenciaHoras: 0 }).success).toBe(
      false,
    );
    expect(reminderSettingsSchema.safeParse({ ...valid, antecedenciaHoras: 169 }).success).toBe(
      false,
    );
    expect(reminderSettingsSchema.safeParse({ ...valid, horaResumo: -1 }).success).toBe(false);
    expect(reminderSettingsSchema.safeParse({ ...valid, extra: 1 }).success).toBe(false);
  });
});
