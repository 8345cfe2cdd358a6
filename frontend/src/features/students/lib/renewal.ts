import type { Plan } from '@contracts/plans/api';

/** Spec 001 §2: Renovar only for a student whose plan grants credits. */
export const isRenewable = (plan: Pick<Plan, 'creditos'> | undefined): plan is Plan => !!plan && plan.creditos > 0;

/** The reason the credit history records for Renovar. */
export const renewalReason = (plan: Pick<Plan, 'nome'>): string => `Renovação do plano ${plan.nome}`;

/** The reason recorded when a renewal is taken back with 'Desfazer'. */
export const undoneRenewalReason = (plan: Pick<Plan, 'nome'>): string => `Renovação do plano ${plan.nome} desfeita`;
