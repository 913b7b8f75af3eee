// The products of one recharge tab as cards: what it gives, the price in the buyer's language,
// and, where gold can pay, "or 600 coins".
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/Skeleton';
import { CrownIcon } from '../../../components/icons';
import { formatNumber } from '../../../i18n/format';
import type { Product } from '../api/types';
import { formatPrice, productTitle } from '../display';
import { CoinIcon, TranslateIcon } from './icons';

function ProductArt({ product }: { product: Product }) {
  if (product.kind === 'member') {
    return (
      <span className={`product-art art-${(product.level ?? 'vip').toLowerCase()}`}>
        <CrownIcon size={22} />
      </span>
    );
  }
  return (
    <span className={`product-art art-${product.kind}`}>
      {product.kind === 'gold' ? <CoinIcon size={22} /> : <TranslateIcon size={22} />}
    </span>
  );
}

export function ProductCard({ product, onChoose }: { product: Product; onChoose: () => void }) {
  const { t } = useTranslation();
  // In a level's own section a membership is named by its length; the sheet names it in full.
  const title =
    product.kind === 'member'
      ? t('wallet.months', { count: product.months ?? 1 })
      : productTitle(product, t);
  const months = product.kind === 'member' ? (product.months ?? 1) : 1;
  const perMonth = months > 1 ? Math.round(product.priceCents / months) : null;
  const price = formatPrice(product.priceCents, product.currency);
  const coinsLabel =
    product.priceCoins == null
      ? null
      : t('wallet.orCoins', {
          count: product.priceCoins,
          amount: formatNumber(product.priceCoins),
        });
  return (
    <li>
      <button
        type="button"
        className={`product-card product-${product.kind}`}
        onClick={onChoose}
        data-testid="product"
        data-code={product.code}
      >
        <ProductArt product={product} />
        <span className="product-title">
          {product.kind === 'member' && (
            // Its section names the level on screen; the button names it for a screen reader.
            <span className="visually-hidden">{product.level ?? 'VIP'} </span>
          )}
          {title}
        </span>
        <span className="product-price">{price}</span>
        {perMonth !== null && (
          <span className="product-note">
            {t('wallet.perMonth', { price: formatPrice(perMonth, product.currency) })}
          </span>
        )}
        {coinsLabel && (
          // Another way to pay the same product, not something that comes with it.
          <span className="product-coins">
            <CoinIcon size={14} />
            {coinsLabel}
          </span>
        )}
      </button>
    </li>
  );
}

export function ProductGrid({
  products,
  onChoose,
}: {
  products: readonly Product[] | undefined;
  onChoose: (product: Product) => void;
}) {
  if (!products) {
    return (
      <ul className="product-grid" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <Skeleton height={148} style={{ borderRadius: 'var(--radius)' }} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="product-grid">
      {products.map((product) => (
        <ProductCard key={product.id} product={product} onChoose={() => onChoose(product)} />
      ))}
    </ul>
  );
}
