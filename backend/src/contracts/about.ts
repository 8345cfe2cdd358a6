/** GET /api/about: what the settings footer shows (spec 001 §2: app name, version, Suporte). */
export interface About {
  nome: string;
  versao: string;
  /** Where 'Suporte' leads (a wa.me link or a mailto:), or null when none is configured. */
  suporte: string | null;
}
