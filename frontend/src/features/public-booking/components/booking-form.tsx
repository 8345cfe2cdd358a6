import { MAX_VISITOR_NAME, publicBookingSchema } from '@contracts/booking/api';
import { WHATSAPP_OPT_IN_LABEL } from '@contracts/shared/whatsapp-opt-in';
import { Button, Checkbox, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { PhoneInput } from '../../../components/phone-input';
import { type FieldErrors, useFormFields } from '../../../lib/use-form-fields';

export interface VisitorDetails {
  nome: string;
  telefone: string;
  /** They ticked 'Quero receber lembretes e cobranças pelo WhatsApp' (unticked until they do). */
  whatsapp: boolean;
  website: string;
}

export interface BookingFormProps {
  submitting: boolean;
  onSubmit: (details: VisitorDetails) => void;
}

const fieldRules = publicBookingSchema.pick({ nome: true, telefone: true });

/**
 * Nome and WhatsApp (masked as typed), the WhatsApp opt-in, and the honeypot people never see.
 */
export function BookingForm({ submitting, onSubmit }: BookingFormProps) {
  const { values, change: setValues, setErrors, field, checkbox } = useFormFields<VisitorDetails>({
    nome: '',
    telefone: '',
    whatsapp: false,
    website: '',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = fieldRules.safeParse({ nome: values.nome, telefone: values.telefone });
    if (!checked.success) {
      const found: FieldErrors<VisitorDetails> = {};
      for (const issue of checked.error.issues) {
        const key = issue.path[0] as 'nome' | 'telefone';
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onSubmit(values);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Nome"
          placeholder="Seu nome"
          autoComplete="name"
          maxLength={MAX_VISITOR_NAME}
          {...field('nome')}
          required
        />
        <PhoneInput label="WhatsApp" placeholder="(11) 98765-4321" {...field('telefone')} required />
        <Checkbox label={WHATSAPP_OPT_IN_LABEL} {...checkbox('whatsapp')} />
        {/* The honeypot: hidden from people (and from screen readers), filled only by bots. */}
        <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
          <label>
            Site
            <input
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={values.website}
              onChange={(event) => setValues({ ...values, website: event.currentTarget.value })}
            />
          </label>
        </div>
        <Button type="submit" loading={submitting} size="md" fullWidth>
          Confirmar agendamento
        </Button>
      </Stack>
    </form>
  );
}
