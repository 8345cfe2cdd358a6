import * as students from '../../backend/src/contracts/students/api';
import { minifiedModule, minifiedOperations } from '../../frontend/build/minified-contracts';

/**
 * What the SPA's entities get for `@contracts/<context>/api` in the build: each router of
 * operations as JSON, with what a read and a command need (method, path, audience, changes), and
 * none of the zod schemas a phone would otherwise evaluate before its first screen.
 */
describe("the phone's copy of a contract", () => {
  it("keeps each operation's method, path and meta", () => {
    const operations = minifiedOperations(students.studentsApi);
    expect(Object.keys(operations)).toEqual(Object.keys(students.studentsApi));
    expect(operations.get).toEqual({
      '~orpc': {
        meta: { audience: 'personal', command: false, readsOwnWrites: true, changes: [] },
        route: { method: 'GET', path: '/students/{id}' },
      },
    });
    expect(operations.grantCredits['~orpc'].meta).toMatchObject({
      command: true,
      changes: students.studentsApi.grantCredits['~orpc'].meta.changes,
    });
    expect(students.studentsApi.grantCredits['~orpc'].meta.changes).toContain('credit');
  });

  it('exports the routers of operations only, as plain constants without a schema', () => {
    const text = minifiedModule(students);
    expect(text.match(/^export const (\w+) =/gm)).toEqual(['export const studentsApi =']);
    expect(text).not.toMatch(/"(~standard|def|shape|errorMap|inputSchema|outputSchema|summary)"/);
    expect(text.length).toBeLessThan(4_000);
  });
});
