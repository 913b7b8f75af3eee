import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { ApiError, request } from '../../../lib/request';
import type { Catalogue, Order } from '../api/types';
import type { ProviderReturn } from '../display';
import { PaymentReturn } from './PaymentReturn';
import { PENDING_LIMIT_MS, PENDING_POLL_MS } from './settle-return';

vi.mock('../../../lib/request', async (original) => ({
  ...(await original<typeof import('../../../lib/request')>()),
  request: vi.fn(),
}));
const mocked = request as unknown as ReturnType<typeof vi.fn>;

const order = (state: string): Order => ({
  id: 7,
  productId: 3,
  payType: 'paylater',
  state,
  priceCents: 1999,
  currency: 'USD',
  priceCoins: 2000,
  checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_a1',
  createdAt: '2026-11-26T08:00:00Z',
});

/** The server answers each call with the next of `answers` (an Error is thrown). */
function serverAnswers(...answers: (Order | Error)[]) {
  mocked.mockImplementation(() => {
    const next = answers.length > 1 ? answers.shift() : answers[0];
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
}

const catalogue: Catalogue = {
  member: [
    {
      id: 3,
      code: 'vip-1m',
      kind: 'member',
      level: 'VIP',
      months: 1,
      priceCents: 1999,
      currency: 'USD',
      priceCoins: 2000,
    },
  ],
  gold: [],
  character: [],
  payTypes: ['gold', 'paypal'],
};

function show(ret: ProviderReturn, strict = false, knownOrder?: Order) {
  const onAnswer = vi.fn();
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = (
    <QueryClientProvider client={client}>
      <PaymentReturn
        providerReturn={ret}
        knownOrder={knownOrder}
        catalogue={catalogue}
        balances={undefined}
        onAnswer={onAnswer}
        onClose={onClose}
      />
    </QueryClientProvider>
  );
  render(strict ? <StrictMode>{view}</StrictMode> : view);
  const state = () => screen.getByTestId('payment-return').dataset.state;
  return { onAnswer, onClose, state };
}

const paypal: ProviderReturn = { outcome: 'paid', provider: 'paypal', orderId: 7, token: 'PP-1' };
const stripe: ProviderReturn = {
  outcome: 'paid',
  provider: 'stripe',
  orderId: 7,
  sessionId: 'cs_1',
};

// Without a loaded language, t() answers the key.
describe('back from a provider', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    mocked.mockReset();
  });

  it('captures the PayPal payment once, even when the page mounts twice over', async () => {
    serverAnswers(order('finished'));
    const { onAnswer, state } = show(paypal, true);
    expect(screen.getByText('wallet.confirming')).toBeTruthy();
    await screen.findByText('wallet.paymentSuccessful');
    expect(state()).toBe('paid');
    expect(mocked).toHaveBeenCalledTimes(1);
    expect(mocked).toHaveBeenCalledWith(
      expect.objectContaining({
        url: '/order/payPalOrder',
        params: { orderId: 7, token: 'PP-1' },
      }),
    );
    expect(onAnswer).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), true);
  });

  it('waits while the provider has not confirmed, asking every 3 s, then shows it paid', async () => {
    serverAnswers(order('unfinished'), order('unfinished'), order('finished'));
    const { onAnswer, state } = show(stripe);
    await screen.findByText('wallet.pendingTitle');
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    expect(mocked).toHaveBeenLastCalledWith(
      expect.objectContaining({
        url: '/order/success',
        params: { orderId: 7, session_id: 'cs_1' },
      }),
    );
    expect(onAnswer).toHaveBeenLastCalledWith(expect.objectContaining({ id: 7 }), false);
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS));
    expect(mocked).toHaveBeenCalledTimes(2);
    expect(state()).toBe('pending');
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS));
    expect(mocked).toHaveBeenCalledTimes(3);
    expect(state()).toBe('paid');
    expect(onAnswer).toHaveBeenLastCalledWith(expect.objectContaining({ id: 7 }), true);
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS * 3));
    expect(mocked).toHaveBeenCalledTimes(3);
  });

  it('stops asking after a minute and says the purchase comes when the provider confirms', async () => {
    serverAnswers(order('unfinished'));
    const { onClose, state } = show(stripe);
    await screen.findByText('wallet.pendingTitle');
    await act(() => vi.advanceTimersByTimeAsync(PENDING_LIMIT_MS));
    expect(state()).toBe('waiting');
    expect(screen.getByText('wallet.waitingBody')).toBeTruthy();
    const calls = mocked.mock.calls.length;
    expect(calls).toBeGreaterThanOrEqual(PENDING_LIMIT_MS / PENDING_POLL_MS - 1);
    expect(calls).toBeLessThanOrEqual(PENDING_LIMIT_MS / PENDING_POLL_MS + 1);
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS * 3));
    expect(mocked.mock.calls.length).toBe(calls);
    fireEvent.click(screen.getByRole('button', { name: 'wallet.done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's reason when the provider does not answer, and tries the same again", async () => {
    const unavailable = 'The payment service is not answering, please try again in a moment';
    serverAnswers(new ApiError(503, unavailable), order('finished'));
    const { state } = show(paypal, false, order('unfinished'));
    await screen.findByText(unavailable);
    expect(state()).toBe('failed');
    // Unanswered, not refused: the payment may be there yet. The order is my unfinished one.
    expect(screen.getByText('wallet.waitingTitle')).toBeTruthy();
    expect(screen.queryByText('wallet.paymentFailure')).toBeNull();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('wallet.memberProduct');
    fireEvent.click(screen.getByRole('button', { name: 'wallet.tryAgain' }));
    await screen.findByText('wallet.paymentSuccessful');
    expect(mocked).toHaveBeenCalledTimes(2);
    expect(mocked.mock.calls[1]).toEqual(mocked.mock.calls[0]);
  });

  it('says a refused payment failed, with nothing to try again', async () => {
    serverAnswers(new ApiError(400, 'Payment failure'));
    const { state } = show(paypal);
    await screen.findByText('Payment failure');
    expect(screen.getByText('wallet.paymentFailure')).toBeTruthy();
    expect(state()).toBe('failed');
    expect(screen.queryByRole('button', { name: 'wallet.tryAgain' })).toBeNull();
    expect(screen.getByRole('button', { name: 'wallet.done' })).toBeTruthy();
  });

  it('cancels a turned-back checkout by my session, and says nothing was charged', async () => {
    serverAnswers(order('cancelled'));
    const { onAnswer } = show({ outcome: 'cancelled', provider: 'paypal', orderId: 7 });
    expect(screen.getByText('wallet.cancelling')).toBeTruthy();
    await screen.findByText('wallet.paymentCancelled');
    expect(screen.getByText('wallet.paymentCancelledBody')).toBeTruthy();
    expect(mocked).toHaveBeenCalledWith(
      expect.objectContaining({ url: '/order/cancel', params: { orderId: 7 } }),
    );
    expect(onAnswer).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), true);
  });
});
