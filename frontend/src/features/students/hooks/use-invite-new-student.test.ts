import { stubApi } from '../../../test/fetch-stub';
import { inviteNewStudent } from './use-invite-new-student';

const notFound = { status: 404, body: { statusCode: 404, code: 'not_found', message: 'Aluno não encontrado' } };
const created = { status: 201, body: { token: 't', inviteUrl: 'http://localhost/convite/t', expiresAt: '2026-12-01T00:00:00Z' } };

describe('invite for a student just created', () => {
  it('asks again while the students read model has not caught up, then answers the link', async () => {
    let invites = 0;
    const api = stubApi({
      'GET /api/students/s1': () => notFound,
      'POST /api/invites': () => (++invites < 3 ? notFound : created),
    });
    await expect(inviteNewStudent('s1', [0, 0, 0])).resolves.toMatchObject({ inviteUrl: 'http://localhost/convite/t' });
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/students/s1',
      'POST /api/invites',
      'POST /api/invites',
      'POST /api/invites',
    ]);
    api.restore();
  });

  it('gives up after the last delay, and at once on any other error', async () => {
    let api = stubApi({ 'GET /api/students/s1': () => notFound, 'POST /api/invites': () => notFound });
    await expect(inviteNewStudent('s1', [0, 0])).rejects.toMatchObject({ code: 'not_found' });
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(3);
    api.restore();

    api = stubApi({
      'POST /api/invites': () => ({ status: 409, body: { statusCode: 409, code: 'student_has_account', message: 'x' } }),
    });
    await expect(inviteNewStudent('s1', [0, 0])).rejects.toMatchObject({ code: 'student_has_account' });
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    api.restore();
  });
});
