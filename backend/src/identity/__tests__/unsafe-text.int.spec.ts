import { apiFixture } from '../../../../test/support/api-fixture';
import { countRows, databaseOf, signUpBody } from './identity-test-kit';

describe('text PostgreSQL cannot store (NUL, lone surrogates), on every route', () => {
  const testApp = apiFixture();

  const invalid = (label: string) => ({
    statusCode: 400,
    code: 'validation_error',
    message: `Campo '${label}' contém caracteres inválidos`,
  });

  it('is a 400 naming the field in sign-up and sign-in, and nothing is written', async () => {
    const db = databaseOf(testApp.app);
    const before = await countRows(db);
    for (const nome of ['Ana\u0000', 'Ana \ud800']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: signUpBody({ nome }),
      });
      expect(response.json()).toEqual(invalid('Nome'));
    }
    for (const email of ['ana\u0000@exemplo.com', '\udc00ana@exemplo.com']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'segredo123' },
      });
      expect(response.json()).toEqual(invalid('E-mail'));
    }
    expect(await countRows(db)).toEqual(before);
  });

  it('is a 400 in the query string and the path parameters too', async () => {
    const confirm = await testApp.app.inject({ method: 'GET', url: '/api/auth/confirm?token=%00' });
    expect(confirm.json()).toEqual(invalid('Token'));
    const provider = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/providers/go%00gle',
    });
    expect(provider.json()).toEqual(invalid('Provedor'));
  });

  it('refuses absurdly nested bodies before anything walks them', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_error');
  });
});
