import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError, request } from '../../../lib/request';
import type { Catalogue, Order, Product } from '../api/types';
import { PaymentSheet } from './PaymentSheet';

vi.mock('../../../lib/request', async (original) => ({
  ...(await original<typeof import('../../../lib/request')>()),
  request: vi.fn(),
}));
const mocked = request as unknown as ReturnType<typeof vi.fn>;

const goToCheckout = vi.fn((_url: string) => true);
vi.mock('./checkout-navigation', () => ({ useGoToCheckout: () => goToCheckout }));

const vip: Product = {
  id: 3,
  code: 'vip-1m',
  kind: 'member',
  level: 'VIP',
  months: 1,
  priceCents: 1999,
  currency: 'USD',
  priceCoins: 2000,
};
const goldPack: Product = { ...vip, id: 8, code: 'gold-600', kind: 'gold', priceCoins: null };

const catalogue = (payTypes: string[]): Catalogue => ({
  member: [vip],
  gold: [goldPack],
  character: [],
  payTypes,
});

function open(product: Product, payTypes: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PaymentSheet
          product={product}
          catalogue={catalogue(payTypes)}
          balances={{ coins: 50, characters: 0 }}
          onClose={vi.fn()}
          onPaid={vi.fn()}
          onBuyCoins={vi.fn()}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const methods = screen.getByRole('list', { name: 'wallet.paymentMethods' });
  const names = () =>
    within(methods)
      .getAllByRole('button')
      .map((b) => b.querySelector('.pay-name')?.textContent);
  const method = (name: string) =>
    within(methods).getByRole('button', { name: new RegExp(`^wallet\\.pay\\.${name}`) });
  return { names, method };
}

const checkout = 'https://www.paypal.com/checkoutnow?token=5O190127TN364715T';
const paypalOrder: Order = {
  id: 21,
  productId: 3,
  payType: 'paypal',
  state: 'unfinished',
  priceCents: 1999,
  currency: 'USD',
  priceCoins: null,
  checkoutUrl: checkout,
  createdAt: '2026-11-26T08:00:00Z',
};

// Without a loaded language, t() answers the key.
describe('the payment sheet', () => {
  afterEach(() => {
    mocked.mockReset();
    goToCheckout.mockClear();
  });

  it("lists the installation's methods in its order, and gold only for a price in coins", () => {
    const all = ['gold', 'paypal', 'card', 'paylater', 'sandbox'];
    expect(open(vip, all).names()).toEqual(all.map((p) => `wallet.pay.${p}`));
  });

  it('leaves out gold for a gold pack and what the installation does not take', () => {
    expect(open(goldPack, ['gold', 'card']).names()).toEqual(['wallet.pay.card']);
  });

  it('shows Apple and Google as purchases made in the app, which a browser cannot start', () => {
    const { method } = open(vip, ['gold', 'paypal', 'apple', 'google']);
    for (const store of ['apple', 'google']) {
      const button = method(store);
      expect((button as HTMLButtonElement).disabled).toBe(true);
      expect(button.textContent).toContain(`wallet.storeOnly.${store}`);
    }
    expect((method('paypal') as HTMLButtonElement).disabled).toBe(false);
  });

  it("sends the buyer to the provider's checkout, busy until the page leaves", async () => {
    let answer: (order: Order) => void = () => {};
    mocked.mockImplementation(() => new Promise<Order>((resolve) => (answer = resolve)));
    const { method } = open(vip, ['gold', 'paypal', 'card']);
    fireEvent.click(method('paypal'));
    await vi.waitFor(() =>
      expect(mocked).toHaveBeenCalledWith(
        expect.objectContaining({
          url: '/order/createOrder',
          params: { productId: 3, payType: 'paypal' },
        }),
      ),
    );
    expect(method('paypal').textContent).toContain('wallet.redirecting');
    expect((method('card') as HTMLButtonElement).disabled).toBe(true);
    answer(paypalOrder);
    await vi.waitFor(() => expect(goToCheckout).toHaveBeenCalledWith(checkout));
    expect((method('card') as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's reason on the method's row when the provider does not answer", async () => {
    const unavailable = 'The payment service is not answering, please try again in a moment';
    mocked.mockRejectedValue(new ApiError(503, unavailable));
    const { method } = open(vip, ['gold', 'card']);
    fireEvent.click(method('card'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(unavailable);
    expect(method('card').getAttribute('aria-describedby')).toBe(alert.id);
    expect((method('card') as HTMLButtonElement).disabled).toBe(false);
    expect(goToCheckout).not.toHaveBeenCalled();
  });
});
