/**
 * What other contexts read of the accounts, through these ports (the identity context provides
 * them; a context never imports another one).
 */

/** A trainer as their students see them: name, public slug and phone (the WhatsApp link). */
export interface TrainerOfStudent {
  nome: string;
  slug: string;
  /** Digits, or null when the trainer has none. */
  telefone: string | null;
}

/** A student account's trainer and the documents it gave (which student it is, its access token says). */
export abstract class StudentAccounts {
  abstract trainerOf(tenantId: string): Promise<TrainerOfStudent | undefined>;
  /** The CPF and phone (digits) a student account gave when it was created, each null when none. */
  abstract documentsOf(userId: string): Promise<{ cpf: string | null; telefone: string | null }>;
}

/**
 * A trainer's public page, found by the tenant's unique slug and nothing else (never a name
 * match). Their sign-up phone is not for the public: the page shows the WhatsApp chosen in
 * /link-publico.
 */
export abstract class PublicTrainers {
  abstract bySlug(slug: string): Promise<{ tenantId: string; nome: string } | undefined>;
}

/**
 * How to reach a tenant's trainer (their daily reminders e-mail) and who they are on a receipt
 * (CPF, digits).
 */
export abstract class TrainerContacts {
  abstract contactOf(
    tenantId: string,
  ): Promise<{ nome: string; email: string; cpf: string | null } | undefined>;
}
