import { Checkbox, Grid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { MoneyInput } from '../../../components/money-input';
import {
  creditDigits,
  valuePerCreditPreview,
  type PlanFormErrors,
  type PlanFormValues,
} from '../lib/plan-form';

export interface PlanFieldsProps {
  values: PlanFormValues;
  errors: PlanFormErrors;
  onChange: (values: PlanFormValues) => void;
  /** Focus the name field when shown (dialogs). */
  autoFocus?: boolean;
}

/** nome, descricao (optional), valor and creditos, with what one credit costs. */
export function PlanFields({ values, errors, onChange, autoFocus }: PlanFieldsProps) {
  const set = <K extends keyof PlanFormValues>(field: K, value: PlanFormValues[K]) =>
    onChange({ ...values, [field]: value });
  const perCredit = valuePerCreditPreview(values);

  return (
    <Stack gap="md">
      <TextInput
        label="Nome do plano"
        placeholder="Ex.: Mensal 2x por semana"
        value={values.nome}
        onChange={(event) => set('nome', event.currentTarget.value)}
        error={errors.nome}
        maxLength={120}
        autoComplete="off"
        data-autofocus={autoFocus || undefined}
        required
      />
      <Textarea
        label="Descrição"
        description="Opcional"
        placeholder="Ex.: 8 aulas por mês, às terças e quintas"
        value={values.descricao}
        onChange={(event) => set('descricao', event.currentTarget.value)}
        error={errors.descricao}
        maxLength={1000}
        autosize
        minRows={2}
        maxRows={6}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 7, xs: 6 }}>
          <MoneyInput
            label="Valor"
            value={values.valor}
            onChange={(valor) => set('valor', valor)}
            error={errors.valor}
            required
          />
        </Grid.Col>
        <Grid.Col span={{ base: 5, xs: 6 }}>
          <TextInput
            label="Créditos"
            placeholder="Ex.: 8"
            inputMode="numeric"
            autoComplete="off"
            value={values.creditos}
            onChange={(event) => set('creditos', creditDigits(event.currentTarget.value))}
            error={errors.creditos}
            required
          />
        </Grid.Col>
      </Grid>
      <Text size="sm" c="dimmed" aria-live="polite">
        Valor por crédito: <strong>{perCredit ?? '—'}</strong>
      </Text>
      <Checkbox
        label="Cobrança mensal"
        description="Alunos assinantes são cobrados todo mês, no dia do vencimento"
        checked={values.mensal}
        onChange={(event) => set('mensal', event.currentTarget.checked)}
      />
      {values.mensal && (
        <TextInput
          label="Dia do vencimento"
          description="De 1 a 28"
          inputMode="numeric"
          autoComplete="off"
          maw={200}
          value={values.diaVencimento}
          onChange={(event) => set('diaVencimento', event.currentTarget.value.replace(/\D/g, '').slice(0, 2))}
          error={errors.diaVencimento}
          required
        />
      )}
    </Stack>
  );
}
