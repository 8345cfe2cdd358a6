import { sql } from 'kysely';
import { workerDatabase } from '../../../../../test/support/test-databases';

describe('rows as the code reads them (camelCase columns)', () => {
  const db = workerDatabase<unknown>('vira-test-camel-case');
  afterAll(() => db.destroy());

  it('names every row of a result in camelCase, keeping jsonb keys and array values as stored', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select n as session_id, 'Ana ' || n as student_nome, ${'{"dia_da_semana": 2}'}::jsonb as onboarding_data,
             array['seg', 'qua'] as dias_livres, null::text as series_id
        from generate_series(1, 3) as n`.execute(db);
    expect(rows).toEqual(
      [1, 2, 3].map((n) => ({
        sessionId: n,
        studentNome: `Ana ${n}`,
        onboardingData: { dia_da_semana: 2 },
        diasLivres: ['seg', 'qua'],
        seriesId: null,
      })),
    );
  });

  it('answers a result whose columns need no new name, and an empty one, as they came', async () => {
    const { rows } = await sql<{ id: number; nome: string }>`
      select 1 as id, 'Bia' as nome`.execute(db);
    expect(rows).toEqual([{ id: 1, nome: 'Bia' }]);
    const empty = await sql`select 1 as session_id where false`.execute(db);
    expect(empty.rows).toEqual([]);
  });

  it('renames the columns a query builder selected', async () => {
    const rows = await db
      .selectNoFrom((eb) => [eb.val('Carla').as('nomeInformado'), eb.val('sim').as('confirmado')])
      .execute();
    expect(rows).toEqual([{ nomeInformado: 'Carla', confirmado: 'sim' }]);
  });
});
