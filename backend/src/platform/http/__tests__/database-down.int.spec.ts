import { randomUUID } from 'node:crypto';
import { apiFixture } from '../../../../../test/support/api-fixture';
import { AccessTokenService } from '../../auth/access-token.service';
import { expectRefusal } from '../../../../../test/support/api';

describe('PostgreSQL away', () => {
  // Nothing listens on port 1: every connection is refused at once.
  const t = apiFixture({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/vira' });

  it('answers 503 in pt-BR, not a 500, to reads and commands', async () => {
    // Whether the token's session is live cannot be told either: 503, not 401.
    const token = await t.app
      .get(AccessTokenService)
      .sign({ userId: randomUUID(), tenantId: randomUUID(), role: 'personal' }, randomUUID());
    const api = t.as({ token });
    for (const response of await Promise.all([
      api.get('/api/plans'),
      api.post('/api/plans', { nome: 'Mensal', valor: 100, creditos: 4 }),
    ])) {
      expectRefusal(
        response,
        503,
        'database_unavailable',
        'Erro de conexão com o banco de dados. Tente novamente em instantes.',
      );
    }
  });
});
