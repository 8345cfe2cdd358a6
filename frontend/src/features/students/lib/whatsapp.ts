import { whatsappUrl } from '@contracts/shared/br-documents';

/** Spec 001 §9: the country code put before the student's number. */
export const COUNTRY_CODE = '55';

/** The pt-BR invitation sent with the link: create an account to schedule the workouts. */
export function inviteMessage(studentName: string, inviteUrl: string): string {
  const firstName = studentName.trim().split(/\s+/)[0] ?? '';
  const greeting = firstName ? `Olá, ${firstName}!` : 'Olá!';
  return (
    `${greeting} Crie sua conta no Vira para agendar seus treinos e acompanhar seus créditos. ` +
    `Acesse o link: ${inviteUrl}`
  );
}

/** Spec 001 §7: https://wa.me/55{digits}?text=... with the invitation and the link. */
export function inviteWhatsAppUrl(whatsapp: string, studentName: string, inviteUrl: string): string {
  return whatsappUrl(whatsapp, inviteMessage(studentName, inviteUrl));
}
