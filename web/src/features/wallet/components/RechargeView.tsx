// The recharge page (SPEC section 2): my balances, an unfinished order to finish, the Membership /
// Gold / Characters tabs of products, the payment sheet, free coins, and the buyer back from a
// provider's checkout.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import type { TranslationKey } from '../../../i18n';
import { useCatalogue } from '../api/catalogue';
import { useUnfinishedOrder } from '../api/orders';
import type { Balances, Order, Product } from '../api/types';
import {
  type ProviderReturn,
  RECHARGE_TABS,
  type RechargeTab,
  findProduct,
  isRechargeTab,
} from '../display';
import { BalanceCard } from './BalanceCard';
import { FreeCoins } from './FreeCoins';
import { PaymentReturn } from './PaymentReturn';
import { PaymentSheet } from './PaymentSheet';
import { ProductGrid } from './ProductGrid';
import { UnfinishedOrder } from './UnfinishedOrder';
import './wallet.css';

const TAB_LABEL: Record<RechargeTab, TranslationKey> = {
  member: 'wallet.tabMember',
  gold: 'wallet.tabGold',
  character: 'wallet.tabCharacter',
};

export function RechargeView({
  balances,
  tab: chosenTab,
  onTab,
  onBalancesChanged,
  providerReturn,
  onReturnClosed,
}: {
  balances: Balances | undefined;
  /** The tab the address names (none: Membership, or the tab of the product just paid for). */
  tab: RechargeTab | null;
  onTab: (tab: RechargeTab) => void;
  onBalancesChanged: () => void;
  /** The buyer back from a provider's checkout, until they close what it says. */
  providerReturn: ProviderReturn | null;
  onReturnClosed: () => void;
}) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const unfinished = useUnfinishedOrder();
  const [chosen, setChosen] = useState<Product | null>(null);
  // The order a return is about: until a tab is chosen, its product's tab is the one shown; while
  // its payment waits for the provider, the unfinished-order banner says so.
  const [returned, setReturned] = useState<{ order: Order; settled: boolean } | null>(null);
  const unfinishedReturn =
    providerReturn && unfinished.data?.id === providerReturn.orderId ? unfinished.data : undefined;
  // Its product, kept once known: a refused payment closes the order, and the answer has none.
  const [returnedProductId, setReturnedProductId] = useState<number | null>(null);
  const seenProductId = returned?.order.productId ?? unfinishedReturn?.productId;
  if (seenProductId !== undefined && seenProductId !== returnedProductId) {
    setReturnedProductId(seenProductId);
  }
  const returnedKind =
    returnedProductId !== null ? findProduct(catalogue.data, returnedProductId)?.kind : undefined;
  const tab = chosenTab ?? (isRechargeTab(returnedKind) ? returnedKind : 'member');
  const products = catalogue.data?.[tab];

  return (
    <div className="page wallet-page">
      <BalanceCard balances={balances} />
      {unfinished.data && (
        <UnfinishedOrder
          order={unfinished.data}
          catalogue={catalogue.data}
          onCancelled={() => void unfinished.refetch()}
          awaitingProvider={
            // Paid at Stripe and not confirmed: nothing to continue. A PayPal order still open
            // may yet be approved there.
            returned?.order.id === unfinished.data.id &&
            !returned.settled &&
            returned.order.payType !== 'paypal'
          }
        />
      )}

      <div className="wallet-tabs" role="tablist" aria-label={t('pages.recharge')}>
        {RECHARGE_TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls="recharge-panel"
            className={tab === name ? 'wallet-tab active' : 'wallet-tab'}
            onClick={() => onTab(name)}
          >
            {t(TAB_LABEL[name])}
          </button>
        ))}
      </div>

      <section id="recharge-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        <p className="wallet-tab-intro">{t(`wallet.intro.${tab}`)}</p>
        {catalogue.isError ? (
          <div className="center-view" role="alert">
            <p>{t('errors.generic')}</p>
            <Button onClick={() => void catalogue.refetch()}>{t('common.retry')}</Button>
          </div>
        ) : tab === 'member' ? (
          (['VIP', 'SVIP'] as const).map((level) => (
            <div key={level} className="level-group">
              <h2 className="wallet-section-title">
                {level}
                {level === 'SVIP' && (
                  <span className="level-includes">{t('wallet.svipIncludes')}</span>
                )}
              </h2>
              <ProductGrid
                products={products?.filter((p) => p.level === level)}
                onChoose={setChosen}
              />
            </div>
          ))
        ) : (
          <ProductGrid products={products} onChoose={setChosen} />
        )}
        {tab === 'gold' && <FreeCoins onClaimed={onBalancesChanged} />}
      </section>

      <PaymentSheet
        product={chosen}
        catalogue={catalogue.data}
        balances={balances}
        onClose={() => setChosen(null)}
        onPaid={() => {
          onBalancesChanged();
          void unfinished.refetch();
        }}
        onBuyCoins={() => {
          setChosen(null);
          onTab('gold');
        }}
      />
      {/* Opened once my unfinished order is read: it names the product, whatever the answer. */}
      {providerReturn && !unfinished.isPending && (
        <PaymentReturn
          key={JSON.stringify(providerReturn)}
          providerReturn={providerReturn}
          knownOrder={unfinishedReturn}
          catalogue={catalogue.data}
          balances={balances}
          onAnswer={(order, settled) => {
            setReturned({ order, settled });
            if (settled) onBalancesChanged();
          }}
          onClose={onReturnClosed}
        />
      )}
    </div>
  );
}
