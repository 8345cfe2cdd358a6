import {
  ALLOCATION_TIPO_LABELS,
  ALLOCATION_TIPOS,
  type AllocationRule,
  type AllocationTipo,
  type Goals,
  goalsSchema,
  SETTINGS_SAVE_FAILED,
  SETTINGS_SAVED,
  financeApi,
} from '@contracts/finance/api';
import { Card, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FormActions } from '../../../components/form-actions';
import { LoadError } from '../../../components/load-error';
import { MoneyInput } from '../../../components/money-input';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { PercentInput } from '../../../components/percent-input';
import { paths } from '../../../config/paths';
import { fieldErrors } from '../../../lib/field-errors';
import { formatReaisInput, parseReais } from '../../../lib/money-input';
import { goalsQuery } from '../../../entities/goals';
import { useFormFields } from '../../../lib/use-form-fields';
import { useOperation } from '../../../entities/operation';

/** Every IANA zone the browser knows (the trainer's zone cuts days and months). */
function timeZones(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'America/Sao_Paulo', ...known])].sort();
}

interface GoalsFormValues {
  metaMensal: string;
  metaSeisMeses: string;
  metaTrimestral: string;
  metaAnual: string;
  fusoHorario: string;
  /** '' while a percentage is being retyped. */
  alocacao: Record<AllocationTipo, number | ''>;
}

function GoalsForm({ goals }: { goals: Goals }) {
  const { values, errors, change, setErrors } = useFormFields<GoalsFormValues>(() => ({
    metaMensal: formatReaisInput(goals.metaMensal),
    metaSeisMeses: formatReaisInput(goals.metaSeisMeses),
    metaTrimestral: formatReaisInput(goals.metaTrimestral),
    metaAnual: formatReaisInput(goals.metaAnual),
    fusoHorario: goals.fusoHorario,
    alocacao: goals.alocacao,
  }));
  const set =
    <K extends keyof GoalsFormValues>(field: K) =>
    (value: GoalsFormValues[K]) =>
      change((current) => ({ ...current, [field]: value }));
  const save = useOperation(financeApi.setGoals);
  const zones = useMemo(() => timeZones(goals.fusoHorario), [goals.fusoHorario]);

  const submit = () => {
    // Goals parse to numbers, default 0 (spec 001 §5); a percentage left empty is 0.
    const alocacao = Object.fromEntries(
      ALLOCATION_TIPOS.map((tipo) => [
        tipo,
        values.alocacao[tipo] === '' ? 0 : values.alocacao[tipo],
      ]),
    ) as AllocationRule;
    const body = {
      metaMensal: parseReais(values.metaMensal) ?? 0,
      metaSeisMeses: parseReais(values.metaSeisMeses) ?? 0,
      metaTrimestral: parseReais(values.metaTrimestral) ?? 0,
      metaAnual: parseReais(values.metaAnual) ?? 0,
      moeda: 'BRL' as const,
      fusoHorario: values.fusoHorario,
      alocacao,
    };
    const parsed = goalsSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors<keyof GoalsFormValues>(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(
      { body },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: SETTINGS_SAVED }),
        onError: () =>
          notifications.show({
            color: 'red',
            title: 'Erro ao salvar',
            message: SETTINGS_SAVE_FAILED,
          }),
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md" maw={640}>
        <Card withBorder padding="md" radius="md">
          <Title order={2} fz={18} mb="sm">
            Metas financeiras
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <MoneyInput
              label="Meta mensal"
              value={values.metaMensal}
              onChange={set('metaMensal')}
              error={errors.metaMensal}
            />
            <MoneyInput
              label="Meta trimestral"
              value={values.metaTrimestral}
              onChange={set('metaTrimestral')}
              error={errors.metaTrimestral}
            />
            <MoneyInput
              label="Meta anual"
              value={values.metaAnual}
              onChange={set('metaAnual')}
              error={errors.metaAnual}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="xs">
            Sem meta mensal, a aderência usa R$ 10.000,00.
          </Text>
          <MoneyInput
            mt="sm"
            label="Meta em 6 meses (faturamento por mês)"
            description="Quanto você quer faturar por mês daqui a 6 meses."
            value={values.metaSeisMeses}
            onChange={set('metaSeisMeses')}
            error={errors.metaSeisMeses}
          />
        </Card>
        <Card withBorder padding="md" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Moeda" value="BRL" readOnly />
            <Select
              label="Fuso horário"
              data={zones}
              value={values.fusoHorario}
              onChange={(value) => value && set('fusoHorario')(value)}
              searchable
              allowDeselect={false}
              error={errors.fusoHorario}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
        </Card>
        <Card withBorder padding="md" radius="md">
          <Title order={2} fz={18} mb={4}>
            Regra de alocação das receitas
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Como cada receita é dividida (em %, somando 100).
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {ALLOCATION_TIPOS.map((tipo) => (
              <PercentInput
                key={tipo}
                label={ALLOCATION_TIPO_LABELS[tipo]}
                value={values.alocacao[tipo]}
                onChange={(value) => set('alocacao')({ ...values.alocacao, [tipo]: value })}
              />
            ))}
          </SimpleGrid>
          {errors.alocacao && (
            <Text size="sm" c="red" mt="xs" role="alert">
              {errors.alocacao}
            </Text>
          )}
        </Card>
        <FormActions submitLabel="Salvar" pending={save.isPending} gap="md" />
      </Stack>
    </form>
  );
}

/** /ajustes/configuracoes (spec 001 §2): goals, currency, time zone and the allocation rule. */
export function GoalsPage() {
  const goals = useQuery(goalsQuery());
  return (
    <>
      <PageHeader title="Configurações" backTo={paths.settings} />
      {goals.isPending && <PageLoader />}
      {goals.isError && (
        <LoadError
          title="Erro ao carregar configurações"
          error={goals.error}
          onRetry={() => void goals.refetch()}
        />
      )}
      {goals.data && <GoalsForm goals={goals.data} />}
    </>
  );
}
