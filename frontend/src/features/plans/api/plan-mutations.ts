import { plansApi } from '@contracts/plans/api';
import { useOperation } from '../../../entities/operation';

/** POST /api/plans; the form checks the body with contracts' createPlanSchema first. */
export const useCreatePlan = () => useOperation(plansApi.create);

/** PATCH /api/plans/:id: the fields sent change; `arquivado` archives or restores the plan. */
export const useUpdatePlan = () => useOperation(plansApi.update);

/** DELETE /api/plans/:id; 409 `has_links` while a student has the plan (archive it instead). */
export const useRemovePlan = () => useOperation(plansApi.remove);
