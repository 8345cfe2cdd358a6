import type { CancellationPolicy, Location } from '@contracts/locations/api';
import { MAX_CANCEL_LIMIT_HOURS, locationsApi } from '@contracts/locations/api';
import {
  Alert,
  Button,
  Card,
  Divider,
  NativeSelect,
  NumberInput,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormActions } from '../../../components/form-actions';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { locationPolicyQuery, locationsQuery } from '../../../entities/locations';
import { itemsOf } from '../../../lib/contract-query';
import { useAwaitingFreshRead } from '../../../lib/form-from-server';
import { notifyOutcome } from '../../../lib/notify';
import { useFormFields } from '../../../lib/use-form-fields';
import { PolicySummary } from '../components/policy-summary';
import { policyFormValues, validatePolicyForm } from '../lib/policy-form';
import { POLICY_LOCATION_PARAM } from '../lib/policy-paths';
import { latenessText } from '../lib/policy-text';
import { useOperation } from '../../../entities/operation';

function PolicyForm({ location, policy }: { location: Location; policy: CancellationPolicy }) {
  const navigate = useNavigate();
  const { values, errors, change, submitWith, checkbox } = useFormFields(() =>
    policyFormValues(policy),
  );
  const save = useOperation(locationsApi.setPolicy);
  const checked = validatePolicyForm(values);

  // Spec 001 §8: a policy update error shows the error message.
  const submit = submitWith(validatePolicyForm, (body) =>
    save.mutate(
      { params: { id: location.id }, body },
      notifyOutcome('Política atualizada', 'Erro ao atualizar política', () =>
        navigate(paths.policies),
      ),
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <NumberInput
          label="Prazo para cancelar sem custo (horas)"
          description={`Antecedência mínima em relação ao início da sessão, de 0 a ${MAX_CANCEL_LIMIT_HOURS} horas`}
          value={values.cancelLimiteHoras}
          onChange={(value) => change({ ...values, cancelLimiteHoras: value })}
          error={errors.cancelLimiteHoras}
          min={0}
          max={MAX_CANCEL_LIMIT_HOURS}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          inputMode="numeric"
          required
        />
        <NumberInput
          label="Taxa de cancelamento fora do prazo (%)"
          description="Percentual do valor da sessão cobrado de quem cancela depois do prazo; 0 para não cobrar"
          value={values.taxaPercent}
          onChange={(value) => change({ ...values, taxaPercent: value })}
          error={errors.taxaPercent}
          min={0}
          max={100}
          decimalScale={2}
          decimalSeparator=","
          allowNegative={false}
          clampBehavior="none"
          inputMode="decimal"
          rightSection={
            <Text size="sm" c="dimmed" aria-hidden>
              %
            </Text>
          }
          required
        />
        <Switch
          label="Consumir o crédito em cancelamento fora do prazo"
          description="Ligado: o aluno perde o crédito da sessão. Desligado: o crédito volta para o saldo."
          {...checkbox('queimaCredito')}
        />
        <Divider />
        <Stack gap="xs" aria-live="polite">
          <Title order={2} fz="md">
            Como fica para o aluno
          </Title>
          {'data' in checked ? (
            <PolicySummary policy={checked.data} />
          ) : (
            <Text size="sm" c="dimmed">
              Preencha o prazo e a taxa para ver o resumo.
            </Text>
          )}
          <Text size="sm">{latenessText}</Text>
        </Stack>
        <FormActions cancelTo={paths.policies} submitLabel="Salvar" pending={save.isPending} />
      </Stack>
    </form>
  );
}

function LocationPolicy({ location }: { location: Location }) {
  const policy = useQuery(locationPolicyQuery(location.id));
  const awaitingFreshRead = useAwaitingFreshRead(policy);
  if (policy.isPending || awaitingFreshRead) return <PageLoader />;
  if (policy.isError) {
    return (
      <LoadError
        title="Erro ao carregar política"
        error={policy.error}
        onRetry={() => void policy.refetch()}
      />
    );
  }
  // A new form per location: what was typed for one location never carries over to another.
  return <PolicyForm key={location.id} location={location} policy={policy.data} />;
}

/** /ajustes/politicas/edit?local=<id>: the cancellation policy of one location. */
export function EditPolicyPage() {
  const locations = useQuery({ ...locationsQuery(), select: itemsOf });
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(POLICY_LOCATION_PARAM);
  const first = locations.data?.[0]?.id;

  // Without a location in the address, the first one (the address then says which).
  useEffect(() => {
    if (!requested && first) setSearchParams({ [POLICY_LOCATION_PARAM]: first }, { replace: true });
  }, [requested, first, setSearchParams]);

  const selected = locations.data?.find((location) => location.id === (requested ?? first));

  let body;
  if (locations.isPending) body = <PageLoader />;
  else if (locations.isError)
    body = (
      <LoadError
        title="Erro ao carregar locais"
        error={locations.error}
        onRetry={() => void locations.refetch()}
      />
    );
  else if (locations.data.length === 0)
    body = (
      <Alert color="blue" variant="light" title="Nenhum local cadastrado">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            A política de cancelamento é definida por local. Cadastre um local primeiro.
          </Text>
          <Button component={Link} to={paths.locations} size="xs">
            Ir para Locais
          </Button>
        </Stack>
      </Alert>
    );
  else
    body = (
      <Card maw={640}>
        <Stack gap="lg">
          <NativeSelect
            label="Local"
            value={selected?.id ?? ''}
            onChange={(event) =>
              setSearchParams(
                { [POLICY_LOCATION_PARAM]: event.currentTarget.value },
                { replace: true },
              )
            }
            data={[
              ...(selected ? [] : [{ value: '', label: 'Escolha um local', disabled: true }]),
              ...locations.data.map((location) => ({
                value: location.id,
                label: location.ativo ? location.nome : `${location.nome} (inativo)`,
              })),
            ]}
          />
          {selected ? (
            <LocationPolicy key={selected.id} location={selected} />
          ) : (
            requested && (
              <Alert color="yellow" variant="light" title="Local não encontrado">
                <Text size="sm">
                  Este local não existe mais ou foi removido. Escolha outro local acima.
                </Text>
              </Alert>
            )
          )}
        </Stack>
      </Card>
    );

  return (
    <>
      <PageHeader title="Editar Política" backTo={paths.policies} />
      {body}
    </>
  );
}
