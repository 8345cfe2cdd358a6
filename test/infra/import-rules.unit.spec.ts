import * as path from 'node:path';
import { ESLint, type Linter } from 'eslint';

/**
 * Proves the import-direction rules of eslint.config.js bite, by linting a miniature of the
 * repository (test/infra/fixtures/import-rules) with the real configuration.
 */

const repoRoot = path.resolve(__dirname, '../..');
const fixtureRoot = path.join(__dirname, 'fixtures/import-rules');
// Loaded with require and passed in: ESLint's own config loading uses import(), which jest's
// CommonJS sandbox does not support.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const repoConfig: Linter.Config[] = require(path.join(repoRoot, 'eslint.config.js'));

const PATH_RULES = ['import-x/no-restricted-paths', 'vira/no-cross-feature-imports'];

/** The repository's configuration with the path rules anchored at `basePath` instead of the repo root. */
function rebasedConfig(basePath: string): Linter.Config[] {
  let rebased = 0;
  const config = repoConfig.map((entry) => {
    if (!entry.rules || !PATH_RULES.some((rule) => rule in entry.rules!)) return entry;
    const rules = { ...entry.rules };
    for (const rule of PATH_RULES) {
      const [severity, options] = rules[rule] as [Linter.RuleSeverity, Record<string, unknown>];
      rules[rule] = [severity, { ...options, basePath }];
      rebased += 1;
    }
    return { ...entry, rules };
  });
  if (rebased !== PATH_RULES.length) throw new Error(`expected to rebase ${PATH_RULES.join(', ')}`);
  return config;
}

const eslint = new ESLint({
  cwd: fixtureRoot,
  overrideConfigFile: true,
  overrideConfig: rebasedConfig(fixtureRoot),
});

async function ruleIdsFor(relativePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(fixtureRoot, relativePath) });
  return result.messages.map((message) => message.ruleId);
}

describe('import direction rules', () => {
  it('refuses a platform module importing a bounded context', async () => {
    const code =
      "import type { Student } from '../../students/domain/student';\nexport type Row = Student;\n";
    expect(await ruleIdsFor('backend/src/platform/clock/student-clock.ts', code)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('refuses a context importing another context', async () => {
    const code =
      "import type { Student } from '../students/domain/student';\nexport type Attendee = Student;\n";
    expect(await ruleIdsFor('backend/src/scheduling/attendee.ts', code)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('refuses config importing a context (a context brings its settings through its manifest)', async () => {
    const code =
      "import { identityConfigShape } from '../identity/identity.config';\nexport const shape = identityConfigShape;\n";
    expect(await ruleIdsFor('backend/src/config/config.ts', code)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('refuses platform importing the app module', async () => {
    const code = "import { AppModule } from '../../app.module';\nexport const root = AppModule;\n";
    expect(await ruleIdsFor('backend/src/platform/http/create-app.ts', code)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('refuses the event store importing the projections', async () => {
    const code =
      "import { wake } from '../projections/projection-waker';\nexport const afterAppend = wake;\n";
    expect(await ruleIdsFor('backend/src/platform/event-store/command-runner.ts', code)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('lets a context import its own folder and platform', async () => {
    const code = [
      "import type { Student } from './domain/student';",
      "import { now } from '../platform/clock/clock';",
      'export const stamp = (student: Student): string => `${student.id}@${now().toISOString()}`;',
      '',
    ].join('\n');
    expect(await ruleIdsFor('backend/src/students/stamp.ts', code)).toEqual([]);
  });

  it('refuses a feature importing another feature', async () => {
    const code =
      "import { getStudents } from '../../students/api/get-students';\nexport const load = getStudents;\n";
    expect(await ruleIdsFor('frontend/src/features/agenda/pages/students-of-day.ts', code)).toEqual(
      ['vira/no-cross-feature-imports'],
    );
  });

  it('lets a feature import its own files and shared components', async () => {
    const code = [
      "import { agendaTitle } from './agenda-page';",
      "import { pageHeader } from '../../../components/page-header';",
      'export const header = pageHeader(agendaTitle);',
      '',
    ].join('\n');
    expect(await ruleIdsFor('frontend/src/features/agenda/pages/agenda-header.ts', code)).toEqual(
      [],
    );
  });

  it('refuses shared components importing a feature', async () => {
    const code =
      "import { getStudents } from '../features/students/api/get-students';\nexport const load = getStudents;\n";
    expect(await ruleIdsFor('frontend/src/components/student-list.ts', code)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('lets frontend code import the contracts shared with the API', async () => {
    const code =
      "import type { Me } from '../../../../../backend/src/contracts/identity';\nexport const nameOf = (me: Me): string => me.nome;\n";
    expect(await ruleIdsFor('frontend/src/features/agenda/pages/trainer-name.ts', code)).toEqual([]);
  });

  it('refuses frontend code importing backend code outside contracts', async () => {
    const code =
      "import type { Student } from '../../../../../backend/src/students/domain/student';\nexport type Row = Student;\n";
    expect(await ruleIdsFor('frontend/src/features/agenda/pages/student-row.ts', code)).toEqual([
      'import-x/no-restricted-paths',
    ]);
    const fromLib = "import { now } from '../../../backend/src/platform/clock/clock';\nexport const today = now;\n";
    expect(await ruleIdsFor('frontend/src/lib/today.ts', fromLib)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('refuses a controller importing the database, kysely or pg; a repository may', async () => {
    const code =
      "import { sql } from 'kysely';\nimport type { Db } from '../platform/database/database.module';\nexport const count = (db: Db) => sql`select 1`.execute(db);\n";
    expect(await ruleIdsFor('backend/src/scheduling/sessions.controller.ts', code)).toEqual([
      'no-restricted-imports',
      'no-restricted-imports',
    ]);
    const deep = "import { createPool } from '../../platform/database/database';\nexport const pool = createPool;\n";
    expect(await ruleIdsFor('backend/src/scheduling/api/agenda.controller.ts', deep)).toEqual([
      'no-restricted-imports',
    ]);
    expect(await ruleIdsFor('backend/src/scheduling/queries/sessions.repository.ts', code)).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    const [result] = await eslint.lintFiles([
      path.join(fixtureRoot, 'backend/src/students/domain/cycle-a.ts'),
    ]);
    expect(result.messages.map((message) => message.ruleId)).toEqual(['import-x/no-cycle']);
  });

  it('keeps the deliberately broken fixtures out of the repository lint', async () => {
    const repoLint = new ESLint({
      cwd: repoRoot,
      overrideConfigFile: true,
      overrideConfig: repoConfig,
    });
    expect(
      await repoLint.isPathIgnored(
        path.join(fixtureRoot, 'backend/src/students/domain/cycle-a.ts'),
      ),
    ).toBe(true);
  });
});
