// The recharge page (SPEC section 2): my balances, an unfinished order to finish, the Membership /
// Gold / Characters tabs of products, the payment sheet, and free coins.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import type { TranslationKey } from '../../../i18n';
import { useCatalogue } from '../api/catalogue';
import { useUnfinishedOrder } from '../api/orders';
import type { Balances, Product } from '../api/types';
import { RECHARGE_TABS, type RechargeTab } from '../display';
import { BalanceCard } from './BalanceCard';
import { FreeCoins } from './FreeCoins';
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
  tab,
  onTab,
  onBalancesChanged,
}: {
  balances: Balances | undefined;
  tab: RechargeTab;
  onTab: (tab: RechargeTab) => void;
  onBalancesChanged: () => void;
}) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const unfinished = useUnfinishedOrder();
  const [chosen, setChosen] = useState<Product | null>(null);
  const products = catalogue.data?.[tab];

  return (
    <div className="page wallet-page">
      <BalanceCard balances={balances} />
      {unfinished.data && (
        <UnfinishedOrder
          order={unfinished.data}
          catalogue={catalogue.data}
          onCancelled={() => void unfinished.refetch()}
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
    </div>
  );
}
