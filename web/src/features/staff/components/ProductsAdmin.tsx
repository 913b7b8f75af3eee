// What Amora sells, as staff price it: every product (on sale or not) with its price in cents,
// currency, price in coins, amount, months and whether it is on sale; and the gifts with their
// coin prices. Each row is saved on its own, with only what changed.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../../../components/Button';
import { showToast } from '../../../lib/toast';
import { useSetGift, useSetProduct, useStaffGifts, useStaffProducts } from '../api/products';
import type { StaffGift, StaffProduct } from '../api/types';
import {
  type DraftField,
  type ProductDraft,
  draftOf,
  draftProblems,
  productChange,
} from '../prices';
import { giftName } from './display';

const FIELDS: readonly DraftField[] = ['priceCents', 'currency', 'priceCoins', 'amount', 'months'];

export function ProductTable() {
  const { t } = useTranslation();
  const query = useStaffProducts();
  if (query.isPending) return <Spinner large label={t('common.loading')} />;
  return (
    <section aria-labelledby="products-title">
      <h2 id="products-title" className="staff-section-title">
        {t('staff.products.products')}
      </h2>
      <div className="staff-table-wrap">
        <table className="staff-table staff-prices">
          <thead>
            <tr>
              <th scope="col">{t('staff.products.code')}</th>
              {FIELDS.map((f) => (
                <th key={f} scope="col">
                  {t(`staff.products.${f}`)}
                </th>
              ))}
              <th scope="col">{t('staff.products.active')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('common.save')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(query.data ?? []).map((p) => (
              <ProductRow key={`${p.code}:${JSON.stringify(p)}`} product={p} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ProductRow({ product }: { product: StaffProduct }) {
  const { t } = useTranslation();
  const save = useSetProduct();
  const [draft, setDraft] = useState<ProductDraft>(() => draftOf(product));
  const problems = draftProblems(draft, product);
  const change = productChange(draft, product);
  const changed = Object.keys(change).length > 0;
  const set = (field: keyof ProductDraft, value: string | boolean) =>
    setDraft((d) => ({ ...d, [field]: value }));
  return (
    <tr data-testid="staff-product" data-code={product.code}>
      <th scope="row">
        <code className="staff-code">{product.code}</code>
        <span className="muted staff-small">
          {product.kind}
          {product.level ? ` · ${product.level}` : ''}
        </span>
      </th>
      {FIELDS.map((f) => (
        <td key={f}>
          <input
            className={`input staff-cell${f === 'currency' ? ' staff-cell-short' : ''}`}
            aria-label={`${t(`staff.products.${f}`)} · ${product.code}`}
            aria-invalid={problems.includes(f) || undefined}
            inputMode={f === 'currency' ? 'text' : 'numeric'}
            value={draft[f]}
            placeholder={draft[f] === '' ? '—' : undefined}
            onChange={(e) =>
              set(f, f === 'currency' ? e.target.value.toUpperCase() : e.target.value)
            }
          />
        </td>
      ))}
      <td>
        <input
          type="checkbox"
          className="staff-check"
          aria-label={`${t('staff.products.active')} · ${product.code}`}
          checked={draft.active}
          onChange={(e) => set('active', e.target.checked)}
        />
      </td>
      <td>
        <Button
          small
          disabled={!changed || problems.length > 0}
          loading={save.isPending}
          aria-label={`${t('common.save')} · ${product.code}`}
          onClick={() =>
            save.mutate(
              { code: product.code, change },
              {
                onSuccess: () =>
                  showToast(t('staff.products.saved', { code: product.code }), 'success'),
              },
            )
          }
        >
          {t('common.save')}
        </Button>
      </td>
    </tr>
  );
}

export function GiftTable() {
  const { t } = useTranslation();
  const query = useStaffGifts();
  if (query.isPending) return <Spinner large label={t('common.loading')} />;
  return (
    <section aria-labelledby="gifts-title">
      <h2 id="gifts-title" className="staff-section-title">
        {t('staff.products.gifts')}
      </h2>
      <div className="staff-table-wrap">
        <table className="staff-table staff-prices">
          <thead>
            <tr>
              <th scope="col">{t('staff.products.code')}</th>
              <th scope="col">{t('staff.products.priceCoins')}</th>
              <th scope="col">{t('staff.products.active')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('common.save')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(query.data ?? []).map((g) => (
              <GiftRow key={`${g.code}:${g.priceCoins}:${g.active}`} gift={g} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function GiftRow({ gift }: { gift: StaffGift }) {
  const { t } = useTranslation();
  const save = useSetGift();
  const [coins, setCoins] = useState(String(gift.priceCoins));
  const [active, setActive] = useState(gift.active);
  const price = /^\d+$/.test(coins.trim()) ? Number(coins.trim()) : Number.NaN;
  const invalid = !(price > 0);
  const change = {
    ...(price !== gift.priceCoins && !invalid ? { priceCoins: price } : {}),
    ...(active !== gift.active ? { active } : {}),
  };
  return (
    <tr data-testid="staff-gift">
      <th scope="row">
        <span aria-hidden="true">{gift.icon}</span> <code className="staff-code">{gift.code}</code>
        <span className="muted staff-small">{giftName(t, gift.code)}</span>
      </th>
      <td>
        <input
          className="input staff-cell"
          aria-label={`${t('staff.products.priceCoins')} · ${gift.code}`}
          aria-invalid={invalid || undefined}
          inputMode="numeric"
          value={coins}
          onChange={(e) => setCoins(e.target.value)}
        />
      </td>
      <td>
        <input
          type="checkbox"
          className="staff-check"
          aria-label={`${t('staff.products.active')} · ${gift.code}`}
          checked={active}
          onChange={(e) => setActive(e.target.checked)}
        />
      </td>
      <td>
        <Button
          small
          disabled={invalid || Object.keys(change).length === 0}
          loading={save.isPending}
          aria-label={`${t('common.save')} · ${gift.code}`}
          onClick={() =>
            save.mutate(
              { code: gift.code, change },
              {
                onSuccess: () =>
                  showToast(t('staff.products.saved', { code: gift.code }), 'success'),
              },
            )
          }
        >
          {t('common.save')}
        </Button>
      </td>
    </tr>
  );
}
