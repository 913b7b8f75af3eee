// The membership levels page (VIP and SVIP).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { infoQueryOptions } from '../../features/account/api/get-info';
import { GradeView } from '../../features/wallet/components/GradeView';

/** The membership levels, my own, and the way to upgrade (the menu's Upgrade). */
export default function GradePage() {
  const { t } = useTranslation();
  const { data: user } = useQuery({ ...infoQueryOptions(), refetchOnMount: 'always' });
  return (
    <>
      <AppBar title={t('pages.grade')} back />
      <GradeView balances={user} />
    </>
  );
}
