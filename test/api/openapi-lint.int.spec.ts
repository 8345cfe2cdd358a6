import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { apiFixture } from '../support/api-fixture';

/**
 * Rules of Redocly's `recommended` set turned off here, each with its reason (none may go without).
 */
const RULES_OFF = {
  // The e-mail confirmation link and the identity provider's round trip only redirect (302): a
  // browser follows them, nothing else answers there.
  'operation-2xx-response': 'off',
  // Vira is not published under any license (a private package): naming one would mislead.
  'info-license': 'off',
  'info-license-strict': 'off',
};

describe('the OpenAPI document (/api/docs-json)', () => {
  const t = apiFixture();

  it("passes Redocly's recommended rules, warnings included", async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs-json' })).json();
    const folder = mkdtempSync(path.join(tmpdir(), 'vira-openapi-'));
    try {
      const file = path.join(folder, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const problems = JSON.parse(
        execFileSync(
          process.execPath,
          [path.join(__dirname, 'redocly-lint.mjs'), file, JSON.stringify(RULES_OFF)],
          { encoding: 'utf8' },
        ),
      ) as unknown[];
      expect(problems).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('declares who may call each operation: no security for a public one, the bearer token otherwise', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs-json' })).json() as {
      servers?: unknown[];
      paths: Record<string, Record<string, { security?: unknown; 'x-audience': string }>>;
    };
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    for (const methods of Object.values(document.paths))
      for (const operation of Object.values(methods))
        expect(operation.security).toEqual(
          operation['x-audience'] === 'public' ? [] : [{ bearer: [] }],
        );
  });

  it('answers POST /api/auth/logout without a body, as its operation says (204, no content)', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs-json' })).json();
    expect(document.paths['/api/auth/logout'].post.responses['204']).toEqual({
      description: expect.any(String),
    });
    const answer = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
    expect(answer.headers['content-type']).toBeUndefined();
  });
});
