import type { Plan } from '@contracts/plans/api';
import { useQuery } from '@tanstack/react-query';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import IconClipboardList from '@tabler/icons-react/dist/esm/icons/IconClipboardList.mjs';
import { useState } from 'react';
import { AddLink } from '../../../components/add-link';
import { EmptyCard } from '../../../components/empty-card';
import { Loaded } from '../../../components/loaded';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { plansQuery } from '../../../entities/plans';
import { itemsOf } from '../../../lib/contract-query';
import { EditPlanDialog } from '../components/edit-plan-dialog';
import { PlanCard } from '../components/plan-card';
import { RemovePlanDialog } from '../components/remove-plan-dialog';
import { plansCountLabel } from '../lib/plan-form';
import { useOperation } from '../../../entities/operation';
import { plansApi } from '@contracts/plans/api';

export function PlansPage() {
  const plans = useQuery({ ...plansQuery({ withArchived: true }), select: itemsOf });
  const editing = useDialogTarget<Plan>();
  const removing = useDialogTarget<Plan>();
  const update = useOperation(plansApi.update);
  const [busyId, setBusyId] = useState<string | null>(null);

  const active = plans.data?.filter((plan) => !plan.arquivado) ?? [];
  const archived = plans.data?.filter((plan) => plan.arquivado) ?? [];

  const setArchived = (plan: Plan, arquivado: boolean) => {
    setBusyId(plan.id);
    update.mutate(
      { params: { id: plan.id }, body: { arquivado } },
      {
        onSuccess: () => notifySuccess(arquivado ? 'Plano arquivado' : 'Plano restaurado'),
        onError: (error) => notifyError('Erro ao atualizar plano', error),
        onSettled: () => setBusyId(null),
      },
    );
  };

  const card = (plan: Plan) => (
    <PlanCard
      key={plan.id}
      plan={plan}
      onEdit={editing.open}
      onArchive={(target) => setArchived(target, true)}
      onRestore={(target) => setArchived(target, false)}
      onRemove={removing.open}
      busy={busyId === plan.id}
    />
  );

  return (
    <>
      <PageHeader
        title="Planos"
        description={plans.data ? plansCountLabel(active.length) : undefined}
        backTo={paths.settings}
        action={<AddLink to={paths.newPlan}>Novo Plano</AddLink>}
      />
      <Loaded query={plans} errorTitle="Erro ao carregar planos">
        {() => (
          <Stack gap="xl">
            {active.length === 0 ? (
              <EmptyCard
                icon={<IconClipboardList size={28} />}
                title="Nenhum plano cadastrado"
                description="Cadastre os planos que você oferece: valor, créditos e o valor de cada crédito."
                action={<AddLink to={paths.newPlan}>Cadastrar plano</AddLink>}
              />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {active.map(card)}
              </SimpleGrid>
            )}
            {archived.length > 0 && (
              <Stack gap="sm" component="section" aria-labelledby="planos-arquivados">
                <div>
                  <Title order={2} fz="lg" id="planos-arquivados">
                    Arquivados
                  </Title>
                  <Text size="sm" c="dimmed">
                    Fora da lista de planos. Restaure para voltar a oferecê-los.
                  </Text>
                </div>
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                  {archived.map(card)}
                </SimpleGrid>
              </Stack>
            )}
          </Stack>
        )}
      </Loaded>
      <EditPlanDialog plan={editing.target} opened={editing.opened} onClose={editing.close} />
      <RemovePlanDialog plan={removing.target} opened={removing.opened} onClose={removing.close} />
    </>
  );
}
