/**
 * Spec 000 §2: the first word of the profile name; otherwise the part of the e-mail
 * before the first dot, capitalised; otherwise 'Personal'.
 */
export function greetingName(nome: string | null | undefined, email: string | null | undefined): string {
  const firstWord = nome?.trim().split(/\s+/)[0];
  if (firstWord) return firstWord;
  const emailPart = email?.split('@')[0]?.split('.')[0]?.trim();
  if (emailPart) return emailPart.charAt(0).toUpperCase() + emailPart.slice(1);
  return 'Personal';
}
