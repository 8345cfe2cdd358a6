import {
  ALLOCATION_TIPO_LABELS,
  ALLOCATION_TIPOS,
  type AllocationRule,
  type AllocationTipo,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  recordTransactionSchema,
  splitAllocations,
  type TransactionTipo,
  financeApi,
} from '@contracts/finance/api';
import {
  Button,
  Checkbox,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { MoneyInput } from '../../../components/money-input';
import { studentsQuery } from '../../../entities/students';
import { fieldErrors } from '../../../lib/field-errors';
import { formatCurrency } from '../../../lib/format';
import { formatReaisInput, parseReais } from '../../../lib/money-input';
import { notifyError } from '../../../lib/notify';
import { receiptSettingsQuery } from '../../../entities/receipt-settings';
import { downloadReceipt } from '../api/finance-files';
import { payerOptions } from '../lib/payers';
import { useOperation } from '../../../entities/operation';

type Field = 'tipo' | 'descricao' | 'valor' | 'metodoPagamento' | 'data' | 'allocations';

export interface NewTransactionDialogProps {
  opened: boolean;
  onClose: () => void;
  /** 'YYYY-MM-DD' in the trainer's zone: the date it starts with. */
  today: string;
  rule: AllocationRule;
}

const emptyAllocations = (): Record<AllocationTipo, string> => ({
  imposto: '',
  reserva: '',
  operacional: '',
  retirada: '',
});

/** Spec 001 §2/§5: 'Receita ou Despesa?' — tipo receita, meio pix and today by default; a receita's allocations adjustable. */
export function NewTransactionDialog({ opened, onClose, today, rule }: NewTransactionDialogProps) {
  const [tipo, setTipo] = useState<TransactionTipo>('receita');
  const [descricao, setDescricao] = useState('');
  const [valor, setValor] = useState('');
  const [metodo, setMetodo] = useState<PaymentMethod>('pix');
  const [data, setData] = useState(today);
  const [studentId, setStudentId] = useState<string | null>(null);
  const payers = useQuery({ ...studentsQuery(), enabled: opened, select: payerOptions });
  const [adjust, setAdjust] = useState(false);
  const [allocations, setAllocations] = useState(emptyAllocations);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const record = useOperation(financeApi.record);
  // The onboarding's emite_recibo: offer the receipt after each receita.
  const issuesReceipts =
    useQuery({ ...receiptSettingsQuery(), select: (answer) => answer.emiteRecibo }).data ?? false;

  const reset = () => {
    setTipo('receita');
    setDescricao('');
    setValor('');
    setMetodo('pix');
    setData(today);
    setStudentId(null);
    setAdjust(false);
    setAllocations(emptyAllocations());
    setErrors({});
  };
  const close = () => {
    reset();
    onClose();
  };

  const amount = parseReais(valor);
  const startAdjusting = (checked: boolean) => {
    setAdjust(checked);
    if (!checked) return;
    const centavos =
      amount !== undefined && Number.isFinite(amount) && amount > 0 ? Math.round(amount * 100) : 0;
    const split = splitAllocations(centavos, rule);
    setAllocations(
      Object.fromEntries(
        ALLOCATION_TIPOS.map((key) => [
          key,
          formatReaisInput((split.find((part) => part.tipo === key)?.valorCentavos ?? 0) / 100),
        ]),
      ) as Record<AllocationTipo, string>,
    );
  };

  const submit = () => {
    const body = {
      tipo,
      descricao,
      valor: amount ?? Number.NaN,
      metodoPagamento: metodo,
      data,
      ...(tipo === 'receita' && studentId ? { studentId } : {}),
      ...(tipo === 'receita' && adjust
        ? {
            allocations: ALLOCATION_TIPOS.map((key) => ({
              tipo: key,
              valor: parseReais(allocations[key]) ?? 0,
            })),
          }
        : {}),
    };
    const parsed = recordTransactionSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    record.mutate(
      { body },
      {
        onSuccess: (created) => {
          notifications.show({ color: 'teal', message: 'Transação criada' });
          if (tipo === 'receita' && issuesReceipts)
            notifications.show({
              color: 'teal',
              title: 'Recibo',
              autoClose: 10_000,
              message: (
                <Button
                  size="xs"
                  variant="light"
                  mt={4}
                  onClick={() =>
                    void downloadReceipt(created.id).catch((error: unknown) =>
                      notifyError('Erro ao baixar recibo', error),
                    )
                  }
                >
                  Baixar recibo
                </Button>
              ),
            });
          if (tipo === 'receita' && amount)
            notifications.show({
              color: 'blue',
              title: 'Reserva sugerida',
              message: `Guarde ${formatCurrency(Math.round(amount * 20) / 100)} (20%) deste recebimento.`,
              autoClose: 5000,
            });
          close();
        },
        onError: (error) => notifyError('Erro ao criar transação', error),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Receita ou Despesa?" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="tipo-label">
              Tipo
            </Text>
            <SegmentedControl
              aria-labelledby="tipo-label"
              fullWidth
              value={tipo}
              onChange={(value) => setTipo(value as TransactionTipo)}
              data={[
                { value: 'receita', label: 'Receita' },
                { value: 'despesa', label: 'Despesa' },
              ]}
            />
          </Stack>
          <TextInput
            label="Descrição"
            required
            value={descricao}
            onChange={(event) => setDescricao(event.currentTarget.value)}
            error={errors.descricao}
            maxLength={200}
          />
          <MoneyInput
            label="Valor (R$)"
            required
            value={valor}
            onChange={setValor}
            error={errors.valor}
          />
          <Select
            label="Meio de Pagamento"
            data={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
            value={metodo}
            onChange={(value) => value && setMetodo(value as PaymentMethod)}
            allowDeselect={false}
            error={errors.metodoPagamento}
            comboboxProps={{ withinPortal: true }}
          />
          {tipo === 'receita' && (
            <Select
              label="Aluno (opcional)"
              placeholder="Quem pagou"
              data={payers.data ?? []}
              value={studentId}
              onChange={setStudentId}
              searchable
              clearable
              nothingFoundMessage="Nenhum aluno encontrado"
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <TextInput
            label="Data"
            type="date"
            value={data}
            onChange={(event) => setData(event.currentTarget.value)}
            error={errors.data}
          />
          {tipo === 'receita' && (
            <Checkbox
              label="Ajustar alocações"
              checked={adjust}
              onChange={(event) => startAdjusting(event.currentTarget.checked)}
            />
          )}
          {tipo === 'receita' && adjust && (
            <Stack gap={4}>
              <SimpleGrid cols={2} spacing="xs">
                {ALLOCATION_TIPOS.map((key) => (
                  <MoneyInput
                    key={key}
                    label={ALLOCATION_TIPO_LABELS[key]}
                    value={allocations[key]}
                    onChange={(text) => setAllocations((current) => ({ ...current, [key]: text }))}
                  />
                ))}
              </SimpleGrid>
              {errors.allocations && (
                <Text size="sm" c="red" role="alert">
                  {errors.allocations}
                </Text>
              )}
            </Stack>
          )}
          <FormActions
            onCancel={close}
            submitLabel="Salvar"
            pending={record.isPending}
            gap="md"
            mt="sm"
          />
        </Stack>
      </form>
    </Modal>
  );
}
