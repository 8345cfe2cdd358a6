import { configure, getConfig } from '@testing-library/dom';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderAt } from '../test/render';
import { PercentInput } from './percent-input';

function Reserva({ initial }: { initial: number }) {
  const [value, setValue] = useState<number | ''>(initial);
  return <PercentInput label="Reserva" value={value} onChange={setValue} />;
}

describe('PercentInput', () => {
  const { asyncWrapper } = getConfig();
  afterEach(() => {
    configure({ asyncWrapper });
    jest.useRealTimers();
  });

  it('entered from its label, the figure is selected at once: 20 typed straight away gives 20%', async () => {
    // No timer of the browser runs between the click and the keys, as on a slow phone.
    jest.useFakeTimers();
    configure({ asyncWrapper: (run) => run() });
    const user = userEvent.setup({ delay: null, advanceTimers: () => undefined });
    renderAt(<Reserva initial={60} />);
    const reserva = screen.getByRole('textbox', { name: 'Reserva' });

    await user.click(screen.getByText('Reserva'));
    await user.keyboard('20');
    jest.runOnlyPendingTimers();

    expect(reserva).toHaveFocus();
    expect(reserva).toHaveValue('20%');
  });

  it('never lets more than 100 in', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<Reserva initial={8} />);
    const reserva = screen.getByRole('textbox', { name: 'Reserva' });

    fireEvent.mouseDown(reserva);
    await user.keyboard('150');

    expect(reserva).toHaveValue('15%');
  });
});
