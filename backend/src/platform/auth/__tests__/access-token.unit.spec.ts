import jwt from 'jsonwebtoken';
import type { PlatformConfig } from '../../../config/config';
import { AccessTokenService } from '../access-token.service';

const SECRET = 'um-segredo-de-teste-com-mais-de-32-caracteres';
const tokens = new AccessTokenService({ JWT_SECRET: SECRET } as PlatformConfig);
const claims = { sub: 'user-1', tid: 'tenant-1', role: 'personal', ses: 'session-1' };

describe('access tokens', () => {
  afterEach(() => jest.useRealTimers());

  it('refuses a token once it expires, even one it has already accepted', () => {
    jest.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') });
    const token = jwt.sign(claims, SECRET, { algorithm: 'HS256', expiresIn: 60 });
    expect(tokens.verify(token)).toEqual({
      user: { userId: 'user-1', tenantId: 'tenant-1', role: 'personal' },
      sessionId: 'session-1',
    });
    jest.setSystemTime(new Date('2026-11-22T12:00:59Z'));
    expect(tokens.verify(token).user.userId).toBe('user-1');
    jest.setSystemTime(new Date('2026-11-22T12:01:00Z'));
    expect(() => tokens.verify(token)).toThrow();
  });

  it('refuses a forged signature, a token without expiry or session, and alg none', () => {
    const forged = jwt.sign(claims, 'outro-segredo-qualquer-com-32-caracteres!', {
      algorithm: 'HS256',
      expiresIn: 60,
    });
    expect(() => tokens.verify(forged)).toThrow();
    expect(() => tokens.verify(jwt.sign(claims, SECRET, { algorithm: 'HS256' }))).toThrow();
    const { ses: _session, ...sessionless } = claims;
    expect(() =>
      tokens.verify(jwt.sign(sessionless, SECRET, { algorithm: 'HS256', expiresIn: 60 })),
    ).toThrow();
    const none = jwt.sign(claims, '', { algorithm: 'none', expiresIn: 60 } as jwt.SignOptions);
    expect(() => tokens.verify(none)).toThrow();
  });

  it("carries its session, and a student account's student, and only a student account's", async () => {
    const student = {
      userId: 'user-2',
      tenantId: 'tenant-1',
      role: 'aluno' as const,
      studentId: 'student-9',
    };
    expect(tokens.verify(await tokens.sign(student, 'session-2'))).toEqual({
      user: student,
      sessionId: 'session-2',
    });
    const trainer = { userId: 'user-1', tenantId: 'tenant-1', role: 'personal' as const };
    expect(tokens.verify(await tokens.sign(trainer, 'session-1')).user).toEqual(trainer);
    const claimed = jwt.sign({ ...claims, sid: 'student-9' }, SECRET, {
      algorithm: 'HS256',
      expiresIn: 60,
    });
    expect(tokens.verify(claimed).user).toEqual({
      userId: 'user-1',
      tenantId: 'tenant-1',
      role: 'personal',
    });
  });
});
