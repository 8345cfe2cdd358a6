// otplib and qrcode are loaded by the first two-factor request, not at every start-up.
const otp = () => import('otplib');

const ISSUER = 'Vira';
/** One 30-second step either side, for clocks that drift a little. */
const EPOCH_TOLERANCE_SECONDS = 30;

export async function newTotpSecret(): Promise<string> {
  return (await otp()).generateSecret();
}

export async function totpEnrolment(
  secret: string,
  accountEmail: string,
): Promise<{ otpauthUri: string; qrCodeDataUrl: string }> {
  const otpauthUri = (await otp()).generateURI({ issuer: ISSUER, label: accountEmail, secret });
  const { toDataURL } = await import('qrcode');
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
  const result = await (
    await otp()
  ).verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(lastTimeStep === null ? {} : { afterTimeStep: lastTimeStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
