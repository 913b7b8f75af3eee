import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { RedPacketComposer } from './RedPacketComposer';

// Without a loaded language, t() answers the key: the assertions name the strings by key.
function setup(coins = 100) {
  const onSend = vi.fn();
  const onClose = vi.fn();
  render(
    <MemoryRouter>
      <RedPacketComposer
        open
        onClose={onClose}
        balances={{ coins, characters: 0 }}
        onSend={onSend}
      />
    </MemoryRouter>,
  );
  const amount = screen.getByLabelText('wallet.redPacketAmount');
  const blessing = screen.getByLabelText(/wallet\.blessing/);
  const send = screen.getByRole('button', { name: /wallet\.sendRedPacket/ });
  return { onSend, onClose, amount, blessing, send };
}

describe('the red packet composer', () => {
  it('asks for the amount before anything is sent', () => {
    const { onSend, send } = setup();
    fireEvent.click(send);
    expect(screen.getByRole('alert').textContent).toBe('wallet.redPacketAmountRequired');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('offers Recharge instead of sending more coins than I have', () => {
    const { onSend, amount, send } = setup(20);
    fireEvent.change(amount, { target: { value: '50' } });
    fireEvent.click(send);
    expect(screen.getByTestId('insufficient-coins').textContent).toContain(
      'wallet.insufficientCoins',
    );
    expect(screen.getByRole('link', { name: 'wallet.recharge' }).getAttribute('href')).toBe(
      '/pages/recharge/recharge?tab=gold',
    );
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends the amount, and the blessing only when one was written', () => {
    const { onSend, onClose, amount, blessing, send } = setup();
    expect(blessing.getAttribute('placeholder')).toBe('wallet.defaultBlessing');
    fireEvent.change(amount, { target: { value: '1a5' } });
    expect((amount as HTMLInputElement).value).toBe('15');
    fireEvent.click(send);
    expect(onSend).toHaveBeenCalledWith({ amount: 15 });
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps a written blessing, trimmed', () => {
    const { onSend, amount, blessing, send } = setup();
    fireEvent.change(amount, { target: { value: '8' } });
    fireEvent.change(blessing, { target: { value: '  Happy birthday!  ' } });
    fireEvent.click(send);
    expect(onSend).toHaveBeenCalledWith({ amount: 8, blessing: 'Happy birthday!' });
  });
});
