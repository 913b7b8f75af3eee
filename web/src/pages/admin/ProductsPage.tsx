// Products and gifts (/admin/products): prices, amounts and what is on sale.
import { useTranslation } from 'react-i18next';
import { GiftTable, ProductTable } from '../../features/staff/components/ProductsAdmin';
import { StaffPage } from '../../features/staff/components/StaffPage';

export default function ProductsPage() {
  const { t } = useTranslation();
  return (
    <StaffPage title={t('staff.nav.products')}>
      <p className="muted">{t('staff.products.hint')}</p>
      <ProductTable />
      <GiftTable />
    </StaffPage>
  );
}
