import { generateDatabaseTypes } from '../../../../../infra/scripts/db-types';

describe('generated row types', () => {
  it('are what the migrated schema gives (run `npm run db:types` after a migration)', () => {
    // This worker's database is a clone of the migrated template: same schema, other rows.
    expect(() => generateDatabaseTypes(process.env.DATABASE_URL as string, true)).not.toThrow();
  });
});
