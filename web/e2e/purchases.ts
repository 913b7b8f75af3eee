// Buying through the demo's TEST checkout straight through the API, for stories that need coins
// or a membership but are not about paying.
import type { APIRequestContext } from '@playwright/test';
import { api } from './helpers';

interface Product {
  id: number;
  code: string;
}
interface Catalogue {
  member: Product[];
  gold: Product[];
  character: Product[];
}
export interface Order {
  id: number;
  state: string;
  checkoutUrl: string | null;
}

async function productId(request: APIRequestContext, token: string, code: string) {
  const catalogue = await api<Catalogue>(request, token, '/system/grade/getProduct');
  const found = [...catalogue.member, ...catalogue.gold, ...catalogue.character].find(
    (p) => p.code === code,
  );
  if (!found) throw new Error(`no product ${code}`);
  return found.id;
}

/** Starts a TEST checkout order (it stays unfinished). */
export async function startSandboxOrder(request: APIRequestContext, token: string, code: string) {
  const id = await productId(request, token, code);
  return api<Order>(request, token, `/order/createOrder?productId=${id}&payType=sandbox`);
}

/** Buys a product (`gold-600`, `vip-1m`, ...), approving its TEST checkout. */
export async function buy(request: APIRequestContext, token: string, code: string) {
  const order = await startSandboxOrder(request, token, code);
  const checkout = new URL(order.checkoutUrl ?? '');
  await api(
    request,
    token,
    `/order/success?orderId=${order.id}&token=${checkout.searchParams.get('token')}`,
  );
}
