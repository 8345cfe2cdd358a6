import { CONTRACT_MESSAGES, CONTRACT_TYPE_LABELS, type Contract } from '@contracts/agreements/api';
import { Badge, Button, Card, EmptyState, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import IconEye from '@tabler/icons-react/dist/esm/icons/IconEye.mjs';
import IconFileText from '@tabler/icons-react/dist/esm/icons/IconFileText.mjs';
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import IconPower from '@tabler/icons-react/dist/esm/icons/IconPower.mjs';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { contractsQuery } from '../../../entities/contracts';
import { itemsOf } from '../../../lib/contract-query';
import { ContractDetailsDialog } from '../components/contract-details-dialog';
import { ContractFormDialog } from '../components/contract-form-dialog';
import { DeactivateContractDialog } from '../components/deactivate-contract-dialog';

const signaturesLabel = (count: number) =>
  count === 0 ? 'Nenhuma assinatura' : count === 1 ? '1 assinatura' : `${count} assinaturas`;

function ContractCard({
  contract,
  onView,
  onEdit,
  onDeactivate,
}: {
  contract: Contract;
  onView: (contract: Contract) => void;
  onEdit: (contract: Contract) => void;
  onDeactivate: (contract: Contract) => void;
}) {
  return (
    <Card data-testid="contrato">
      <Stack gap="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {contract.titulo}
        </Text>
        <Group gap={6}>
          <Badge variant="light">{CONTRACT_TYPE_LABELS[contract.tipo]}</Badge>
          {!contract.isActive && (
            <Badge variant="light" color="gray">
              Inativo
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
          {contract.conteudo}
        </Text>
        <Text size="sm">
          {signaturesLabel(contract.assinaturas)}
          {contract.versao > 1 && ` na versão ${contract.versao} (${contract.assinaturasTotal} no total)`}
        </Text>
        <Text size="xs" c="dimmed">
          Criado em {formatDate(contract.createdAt)}
        </Text>
        <Group gap="xs" mt={4}>
          <Button size="xs" variant="light" leftSection={<IconEye size={16} />} onClick={() => onView(contract)}>
            Ver
          </Button>
          {contract.isActive && (
            <>
              <Button size="xs" variant="default" leftSection={<IconPencil size={16} />} onClick={() => onEdit(contract)}>
                Editar
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconPower size={16} />}
                onClick={() => onDeactivate(contract)}
              >
                Desativar
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** /ajustes/contratos-termos for the trainer: create, edit, view, deactivate; signature counts. */
export function ContractsPage() {
  const [withInactive, setWithInactive] = useState(false);
  const contracts = useQuery({ ...contractsQuery({ withInactive }), select: itemsOf, placeholderData: keepPreviousData });
  const active = contracts.data?.filter((contract) => contract.isActive);
  const form = useDialogTarget<Contract | null>();
  const viewing = useDialogTarget<Contract>();
  const deactivating = useDialogTarget<Contract>();
  // The dialogs show the list's current copy (a signature arriving live updates the counts).
  const current = (target: Contract | null) =>
    (target && contracts.data?.find((contract) => contract.id === target.id)) ?? target;

  return (
    <>
      <PageHeader
        title="Contratos e Termos"
        description={active ? (active.length === 1 ? '1 contrato ativo' : `${active.length} contratos ativos`) : undefined}
        backTo={paths.settings}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={() => form.open(null)} style={{ flexShrink: 0 }}>
            Novo
          </Button>
        }
      />
      <Group justify="flex-end" mb="sm">
        <Switch
          label="Inativos"
          description="Mostrar os contratos desativados"
          checked={withInactive}
          onChange={(event) => setWithInactive(event.currentTarget.checked)}
        />
      </Group>
      {contracts.isPending ? (
        <PageLoader />
      ) : contracts.isError ? (
        <LoadError title={CONTRACT_MESSAGES.loadError} error={contracts.error} onRetry={() => void contracts.refetch()} />
      ) : contracts.data.length === 0 ? (
        <Card>
          <EmptyState
            py="lg"
            variant="light"
            icon={<IconFileText size={28} />}
            title={withInactive ? 'Nenhum contrato' : 'Nenhum contrato ativo'}
            description="Crie contratos e termos para seus alunos lerem e assinarem pelo app."
          >
            <EmptyState.Actions>
              <Button leftSection={<IconPlus size={18} />} onClick={() => form.open(null)}>
                Criar contrato
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {contracts.data.map((contract) => (
            <ContractCard
              key={contract.id}
              contract={contract}
              onView={viewing.open}
              onEdit={form.open}
              onDeactivate={deactivating.open}
            />
          ))}
        </SimpleGrid>
      )}
      <ContractFormDialog contract={form.target} opened={form.opened} onClose={form.close} />
      <ContractDetailsDialog contract={current(viewing.target)} opened={viewing.opened} onClose={viewing.close} />
      <DeactivateContractDialog contract={deactivating.target} opened={deactivating.opened} onClose={deactivating.close} />
    </>
  );
}
