import jwt from 'jsonwebtoken';
import type { PlatformConfig } from '../../../config/config';
import { AccessTokenService } from '../access-token.service';

const SECRET = 'um-segredo-de-teste-com-mais-de-32-caracteres';
const tokens = new AccessTokenService({ JWT_SECRET: SECRET } as PlatformConfig);
const claims = { sub: 'user-1', tid: 'tenant-1', role: 'personal' };

describe('access tokens', () => {
  afterEach(() => jest.useRealTimers());

  it('refuses a token once it expires, even one it has already accepted', () => {
    jest.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') });
    const token = jwt.sign(claims, SECRET, { algorithm: 'HS256', expiresIn: 60 });
    expect(tokens.verify(token)).toEqual({ userId: 'user-1', tenantId: 'tenant-1', role: 'personal' });
    jest.setSystemTime(new Date('2026-11-22T12:00:59Z'));
    expect(tokens.verify(token).userId).toBe('user-1');
    jest.setSystemTime(new Date('2026-11-22T12:01:00Z'));
    expect(() => tokens.verify(token)).toThrow();
  });

  it('refuses a forged signature, a token without expiry and alg none', () => {
    const forged = jwt.sign(claims, 'outro-segredo-qualquer-com-32-caracteres!', {
      algorithm: 'HS256',
      expiresIn: 60,
    });
    expect(() => tokens.verify(forged)).toThrow();
    expect(() => tokens.verify(jwt.sign(claims, SECRET, { algorithm: 'HS256' }))).toThrow();
    const none = jwt.sign(claims, '', { algorithm: 'none', expiresIn: 60 } as jwt.SignOptions);
    expect(() => tokens.verify(none)).toThrow();
  });
});
