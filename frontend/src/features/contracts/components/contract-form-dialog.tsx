import {
  CONTRACT_MESSAGES,
  CONTRACT_PLACEHOLDER_LABELS,
  CONTRACT_PLACEHOLDERS,
  CONTRACT_TYPE_LABELS,
  CONTRACT_TYPES,
  type Contract,
  type ContractType,
  createContractSchema,
  contractsApi,
} from '@contracts/agreements/api';
import { Alert, Code, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { FormActions } from '../../../components/form-actions';
import { fieldErrors } from '../../../lib/field-errors';
import { notifyOutcome } from '../../../lib/notify';
import type { TargetDialogProps } from '../../../lib/use-dialog-target';
import { useFormFields } from '../../../lib/use-form-fields';
import { useOperation } from '../../../entities/operation';

interface Values {
  titulo: string;
  conteudo: string;
  tipo: ContractType;
}

function ContractForm({ contract, onClose }: { contract: Contract | null; onClose: () => void }) {
  const { values, errors, change, setErrors, field } = useFormFields<Values>(() => ({
    titulo: contract?.titulo ?? '',
    conteudo: contract?.conteudo ?? '',
    tipo: contract?.tipo ?? 'termo_personal',
  }));
  const create = useOperation(contractsApi.create);
  const update = useOperation(contractsApi.update);
  const busy = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = createContractSchema.safeParse(values);
    if (!checked.success) {
      setErrors(fieldErrors<keyof Values>(checked.error));
      return;
    }
    setErrors({});
    if (contract) {
      update.mutate(
        { params: { id: contract.id }, body: checked.data },
        notifyOutcome(CONTRACT_MESSAGES.updated, CONTRACT_MESSAGES.updateError, onClose),
      );
    } else {
      create.mutate(
        { body: checked.data },
        notifyOutcome(CONTRACT_MESSAGES.created, CONTRACT_MESSAGES.createError, onClose),
      );
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Título" required data-autofocus {...field('titulo')} maxLength={200} />
        <Select
          label="Tipo"
          data={CONTRACT_TYPES.map((value) => ({ value, label: CONTRACT_TYPE_LABELS[value] }))}
          value={values.tipo}
          allowDeselect={false}
          error={errors.tipo}
          onChange={(tipo) => tipo && change({ ...values, tipo: tipo as ContractType })}
        />
        <Textarea
          label="Conteúdo"
          required
          autosize
          minRows={6}
          maxRows={16}
          {...field('conteudo')}
          description={
            <Text component="span" size="xs">
              Campos preenchidos na assinatura:{' '}
              {CONTRACT_PLACEHOLDERS.map((name, index) => (
                <span key={name}>
                  {index > 0 && ', '}
                  <Code>{`{{${name}}}`}</Code> ({CONTRACT_PLACEHOLDER_LABELS[name]})
                </span>
              ))}
            </Text>
          }
        />
        {contract && contract.assinaturas > 0 && (
          <Alert color="yellow" variant="light">
            Este contrato já tem assinaturas: alterar o título ou o texto cria a versão{' '}
            {contract.versao + 1}. As assinaturas existentes guardam o texto assinado e os alunos
            assinam a nova versão.
          </Alert>
        )}
        <FormActions
          onCancel={onClose}
          submitLabel={contract ? 'Salvar' : 'Criar contrato'}
          pending={busy}
        />
      </Stack>
    </form>
  );
}

/** Create (no contract) or edit a contract: titulo and conteudo required, tipo termo_personal by default. */
export function ContractFormDialog({
  contract,
  opened,
  onClose,
}: TargetDialogProps<'contract', Contract>) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={contract ? 'Editar contrato' : 'Novo contrato'}
      size="lg"
      centered
    >
      {opened && (
        <ContractForm key={contract?.id ?? 'novo'} contract={contract} onClose={onClose} />
      )}
    </Modal>
  );
}
