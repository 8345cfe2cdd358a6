import { MAX_VISITOR_NAME, publicBookingSchema } from '@contracts/booking/api';
import { Button, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { PhoneInput } from '../../../components/phone-input';
import { useFormFields } from '../../../lib/use-form-fields';

export interface VisitorDetails {
  nome: string;
  telefone: string;
  website: string;
}

export interface BookingFormProps {
  submitting: boolean;
  onSubmit: (details: VisitorDetails) => void;
}

const fieldRules = publicBookingSchema.pick({ nome: true, telefone: true });

/** Nome and WhatsApp (masked as typed), with the honeypot people never see. */
export function BookingForm({ submitting, onSubmit }: BookingFormProps) {
  const { values, errors, change: setValues, setErrors } = useFormFields<VisitorDetails>({ nome: '', telefone: '', website: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = fieldRules.safeParse({ nome: values.nome, telefone: values.telefone });
    if (!checked.success) {
      const found: typeof errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as 'nome' | 'telefone';
        found[field] ??= issue.message;
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
          value={values.nome}
          error={errors.nome}
          onChange={(event) => setValues({ ...values, nome: event.currentTarget.value })}
          required
        />
        <PhoneInput
          label="WhatsApp"
          placeholder="(11) 98765-4321"
          value={values.telefone}
          error={errors.telefone}
          onChange={(telefone) => setValues({ ...values, telefone })}
          required
        />
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
