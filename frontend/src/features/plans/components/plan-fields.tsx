import { Checkbox, Grid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { MoneyInput } from '../../../components/money-input';
import { checkboxField, type FieldsProps, textField } from '../../../lib/use-form-fields';
import { creditDigits, type PlanFormValues, valuePerCreditPreview } from '../lib/plan-form';

export interface PlanFieldsProps extends FieldsProps<PlanFormValues> {
  /** Focus the name field when shown (dialogs). */
  autoFocus?: boolean;
}

/** nome, descricao (optional), valor and creditos, with what one credit costs. */
export function PlanFields({ autoFocus, ...form }: PlanFieldsProps) {
  const { values } = form;
  const perCredit = valuePerCreditPreview(values);

  return (
    <Stack gap="md">
      <TextInput
        label="Nome do plano"
        placeholder="Ex.: Mensal 2x por semana"
        {...textField(form, 'nome')}
        maxLength={120}
        autoComplete="off"
        data-autofocus={autoFocus || undefined}
        required
      />
      <Textarea
        label="Descrição"
        description="Opcional"
        placeholder="Ex.: 8 aulas por mês, às terças e quintas"
        {...textField(form, 'descricao')}
        maxLength={1000}
        autosize
        minRows={2}
        maxRows={6}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 7, xs: 6 }}>
          <MoneyInput label="Valor" {...textField(form, 'valor')} required />
        </Grid.Col>
        <Grid.Col span={{ base: 5, xs: 6 }}>
          <TextInput
            label="Créditos"
            placeholder="Ex.: 8"
            inputMode="numeric"
            autoComplete="off"
            {...textField(form, 'creditos', creditDigits)}
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
        {...checkboxField(form, 'mensal')}
      />
      {values.mensal && (
        <TextInput
          label="Dia do vencimento"
          description="De 1 a 28"
          inputMode="numeric"
          autoComplete="off"
          maw={200}
          {...textField(form, 'diaVencimento', (typed) => typed.replace(/\D/g, '').slice(0, 2))}
          required
        />
      )}
    </Stack>
  );
}
