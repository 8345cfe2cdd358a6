import { Button, type ButtonProps } from '@mantine/core';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A '+' button leading to the page that registers something new ('Novo Plano', 'Cadastrar local'). */
export function AddLink({ to, children, ...props }: ButtonProps & { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} leftSection={<IconPlus size={18} />} {...props}>
      {children}
    </Button>
  );
}
