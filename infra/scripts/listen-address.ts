/** Where the API listens (HOST, loopback by default, like the API's own setting) and how to say so. */
export const DEFAULT_HOST = '127.0.0.1';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i;
const EVERY_INTERFACE = new Set(['0.0.0.0', '::']);

/** The `[vira]` line about who can reach the app, in pt-BR. */
export function listeningLine(host: string | undefined): string {
  const effective = host?.trim() || DEFAULT_HOST;
  if (LOOPBACK.test(effective))
    return `Ouvindo só em ${effective} (defina HOST=0.0.0.0 para aceitar outras máquinas)`;
  if (EVERY_INTERFACE.has(effective))
    return `Ouvindo em todas as interfaces (HOST=${effective}): outras máquinas da rede alcançam o app`;
  return `Ouvindo em ${effective} (HOST)`;
}
