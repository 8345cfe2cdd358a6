/** Only the two kinds the API accepts: a WhatsApp link or an e-mail address. */
export function isSupportLink(url: string | null | undefined): url is string {
  return !!url && (/^https:\/\/(wa\.me|api\.whatsapp\.com)\//.test(url) || url.startsWith('mailto:'));
}
