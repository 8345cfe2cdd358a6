import {
  type StudentChannelsInput,
  studentChannelsSchema,
  whatsAppApi,
} from '@contracts/messaging/api';
import type { Student } from '@contracts/students/api';
import { DEFAULT_TIME_ZONE, zonedInstant, zonedParts } from '@contracts/shared/time';
import { Badge, Button, Card, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EditItemDialog } from '../../../components/edit-item-dialog';
import { studentChannelsQuery } from '../../../entities/whatsapp';
import { fieldErrors } from '../../../lib/field-errors';
import type { Checked } from '../../../lib/use-form-fields';
import { useOperation } from '../../../entities/operation';

interface Values {
  whatsapp: boolean;
  email: boolean;
  push: boolean;
  /** Asked only when WhatsApp is turned on without a consent on record. */
  como: string;
  /** `YYYY-MM-DDTHH:mm` in São Paulo (datetime-local). */
  quando: string;
}

interface Channels {
  id: string;
  whatsapp: boolean;
  email: boolean;
  push: boolean;
  consented: boolean;
}

const brDateTime = (iso: string) => {
  const { date, time } = zonedParts(new Date(iso), DEFAULT_TIME_ZONE);
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)} às ${time}`;
};

/**
 * 'Mensagens' on the student's page: by which channels reminders and charges reach them, and the
 * WhatsApp consent's evidence (how, when: the trainer's words, or the act the student opted in with,
 * 'Aceitou o convite em 28/11/2026 às 10:15'), 'PARAR' and 'não entregue'.
 */
export function StudentChannels({ student }: { student: Student }) {
  const channels = useQuery(studentChannelsQuery(student.id));
  const save = useOperation(whatsAppApi.saveChannels);
  const [editing, setEditing] = useState<Channels | null>(null);
  if (!channels.data) return null;
  const current = channels.data;
  const yes = (on: boolean) => (on ? 'Sim' : 'Não');

  const check = (values: Values): Checked<Values, StudentChannelsInput> => {
    const needsConsent = values.whatsapp && !current.consentimento;
    let quando: string | undefined;
    if (needsConsent && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(values.quando)) {
      const [date, time] = values.quando.split('T');
      quando = zonedInstant(date, time, DEFAULT_TIME_ZONE).toISOString();
    }
    const body: StudentChannelsInput = {
      whatsapp: values.whatsapp,
      email: values.email,
      push: values.push,
      ...(needsConsent && {
        consentimento: { como: values.como, quando: quando ?? values.quando },
      }),
    };
    const parsed = studentChannelsSchema.safeParse(body);
    if (!parsed.success) {
      const errors = fieldErrors<keyof Values | 'consentimento'>(parsed.error);
      const consent = parsed.error.issues.find((issue) => issue.path[0] === 'consentimento');
      return {
        errors: {
          ...errors,
          ...(consent && { [consent.path[1] === 'quando' ? 'quando' : 'como']: consent.message }),
        },
      };
    }
    return { data: parsed.data };
  };

  return (
    <Card component="section" aria-labelledby="mensagens-do-aluno">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg" id="mensagens-do-aluno">
          Mensagens
        </Title>
        <Button
          size="xs"
          variant="default"
          onClick={() =>
            setEditing({ id: student.id, ...current, consented: current.consentimento !== null })
          }
        >
          Alterar canais
        </Button>
      </Group>
      <Stack gap={4}>
        <Group gap="xs">
          <Text size="sm">WhatsApp: {yes(current.whatsapp)}</Text>
          {current.parado && (
            <Badge color="gray" variant="light">
              Pediu para parar
            </Badge>
          )}
          {current.naoEntregue && (
            <Badge color="red" variant="light">
              Não entregue
            </Badge>
          )}
        </Group>
        {current.consentimento && (
          <Text size="xs" c="dimmed">
            Consentimento: {current.consentimento.como} em{' '}
            {brDateTime(current.consentimento.quando)}
          </Text>
        )}
        <Text size="sm">E-mail: {yes(current.email)}</Text>
        <Text size="sm">Notificações no aparelho: {yes(current.push)}</Text>
      </Stack>
      <EditItemDialog<Channels, Values, StudentChannelsInput>
        title="Canais do aluno"
        item={editing}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        valuesOf={(item) => ({
          whatsapp: item.whatsapp,
          email: item.email,
          push: item.push,
          como: '',
          quando: '',
        })}
        check={check}
        update={save}
        updated="Canais salvos"
        failed="Erro ao salvar canais"
        fields={({ values, errors, onChange }) => (
          <Stack gap="sm">
            <Switch
              data-autofocus
              label="WhatsApp"
              checked={values.whatsapp}
              onChange={(event) => {
                const { checked } = event.currentTarget;
                onChange((before) => ({ ...before, whatsapp: checked }));
              }}
            />
            {values.whatsapp && !current.consentimento && (
              <>
                <TextInput
                  label="Como o aluno concordou"
                  description="Ex.: pediu por mensagem, assinou o termo na academia"
                  value={values.como}
                  error={errors.como}
                  onChange={(event) => {
                    const { value } = event.currentTarget;
                    onChange((before) => ({ ...before, como: value }));
                  }}
                />
                <TextInput
                  type="datetime-local"
                  label="Quando"
                  value={values.quando}
                  error={errors.quando}
                  onChange={(event) => {
                    const { value } = event.currentTarget;
                    onChange((before) => ({ ...before, quando: value }));
                  }}
                />
              </>
            )}
            <Switch
              label="E-mail"
              checked={values.email}
              onChange={(event) => {
                const { checked } = event.currentTarget;
                onChange((before) => ({ ...before, email: checked }));
              }}
            />
            <Switch
              label="Notificações no aparelho"
              checked={values.push}
              onChange={(event) => {
                const { checked } = event.currentTarget;
                onChange((before) => ({ ...before, push: checked }));
              }}
            />
          </Stack>
        )}
      />
    </Card>
  );
}
