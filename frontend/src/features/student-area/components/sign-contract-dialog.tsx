import {
  CONTRACT_MESSAGES,
  signContractSchema,
  type StudentContract,
  contractsApi,
} from '@contracts/agreements/api';
import { formatCpf, formatPhone } from '@contracts/shared/br-documents';
import { WHATSAPP_OPT_IN_LABEL } from '@contracts/shared/whatsapp-opt-in';
import { Checkbox, Group, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { FormActions } from '../../../components/form-actions';
import { studentAreaQuery } from '../../../entities/student-area';
import { isApiError } from '../../../lib/api-error';
import { fieldErrors } from '../../../lib/field-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { TargetDialogProps } from '../../../lib/use-dialog-target';
import { useFormFields } from '../../../lib/use-form-fields';
import { PhoneInput } from '../../../components/phone-input';
import { useOperation } from '../../../entities/operation';

interface Values {
  cpf: string;
  telefone: string;
  consentDataProcessing: boolean;
  consentTerms: boolean;
  whatsapp: boolean;
}

interface Known {
  cpf: string | null;
  telefone: string | null;
}

/** `known`: the CPF and phone the student already gave, filled in for them. */
function SignForm({
  contract,
  known,
  onClose,
}: {
  contract: StudentContract;
  known: Known;
  onClose: () => void;
}) {
  const { values, setErrors, field, checkbox } = useFormFields<Values>(() => ({
    cpf: formatCpf(known.cpf ?? ''),
    telefone: formatPhone(known.telefone ?? ''),
    consentDataProcessing: false,
    consentTerms: false,
    whatsapp: false,
  }));
  const sign = useOperation(contractsApi.sign);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = signContractSchema.safeParse(values);
    if (!checked.success) {
      setErrors(fieldErrors<keyof Values>(checked.error));
      return;
    }
    setErrors({});
    sign.mutate(
      { params: { id: contract.id }, body: checked.data },
      {
        onSuccess: () => {
          notifySuccess(CONTRACT_MESSAGES.signed);
          onClose();
        },
        onError: (error) => {
          notifyError(CONTRACT_MESSAGES.signError, error);
          if (isApiError(error, 'already_signed') || isApiError(error, 'not_found')) onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ScrollArea.Autosize mah={384} type="auto" offsetScrollbars>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {contract.conteudo}
          </Text>
        </ScrollArea.Autosize>
        <Text size="xs" c="dimmed">
          Os campos entre chaves são preenchidos com seus dados e a data no momento da assinatura.
        </Text>
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="CPF"
            required
            inputMode="numeric"
            autoComplete="off"
            placeholder="000.000.000-00"
            maxLength={14}
            {...field('cpf', formatCpf)}
            miw={180}
          />
          <PhoneInput label="Telefone" required {...field('telefone')} miw={180} />
        </Group>
        <Checkbox
          label="Autorizo o tratamento dos meus dados pessoais (CPF, telefone, data, hora e endereço IP anonimizado) para registro desta assinatura, conforme a LGPD."
          {...checkbox('consentDataProcessing')}
        />
        <Checkbox
          label="Li e concordo com os termos deste contrato."
          {...checkbox('consentTerms')}
        />
        <Checkbox label={WHATSAPP_OPT_IN_LABEL} {...checkbox('whatsapp')} />
        <FormActions onCancel={onClose} submitLabel="Assinar contrato" pending={sign.isPending} />
      </Stack>
    </form>
  );
}

/**
 * The contract's text and the signing form (spec 001 §5): CPF, telefone, two consents, and the
 * WhatsApp opt-in.
 */
export function SignContractDialog({
  contract,
  opened,
  onClose,
}: TargetDialogProps<'contract', StudentContract>) {
  const known = useQuery({
    ...studentAreaQuery(),
    select: ({ cpf, telefone }): Known => ({ cpf, telefone }),
  });
  // The form starts from what the student gave; without it (unreadable), it starts empty.
  const ready = known.data !== undefined || known.isError;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={contract?.titulo ?? 'Contrato'}
      size="lg"
      centered
      fullScreen={false}
    >
      {opened && contract && ready && (
        <SignForm
          key={contract.id}
          contract={contract}
          known={known.data ?? { cpf: null, telefone: null }}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
