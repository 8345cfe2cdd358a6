import { generateSecret, generateURI, verify } from 'otplib';
import { toDataURL } from 'qrcode';

const ISSUER = 'Vira';
/** One 30-second step either side, for clocks that drift a little. */
const EPOCH_TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export async function totpEnrolment(
  secret: string,
  accountEmail: string,
): Promise<{ otpauthUri: string; qrCodeDataUrl: string }> {
  const otpauthUri = generateURI({ issuer: ISSUER, label: accountEmail, secret });
  return { otpauthUri, qrCodeDataUrl: await toDataURL(otpauthUri) };
}

/**
 * The time step the code belongs to when valid, else undefined. Codes of a step at or before
 * `lastTimeStep` are refused, so an intercepted code cannot be replayed.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  now: Date,
  lastTimeStep: number | null,
): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(lastTimeStep === null ? {} : { afterTimeStep: lastTimeStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
