/** The contracts a student has to sign, for the student area (the agreements context provides it). */
export abstract class StudentContracts {
  abstract pendingCount(tenantId: string, studentId: string): Promise<number>;
}

/** The agreements context's read models, for routes of other contexts that read them through a port. */
export const CONTRACT_READ_MODELS = ['contracts', 'contract-signatures'] as const;
