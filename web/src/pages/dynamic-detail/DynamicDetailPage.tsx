// One dynamic (?id=) with its comments.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { DynamicDetail } from '../../features/feed/components/DynamicDetail';
import { removePerson } from '../../features/people/api/cache';
import { peopleKeys } from '../../features/people/api/keys';
import { paths } from '../../lib/paths';

export default function DynamicDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  return (
    <>
      <AppBar title={t('pages.dynamicDetail')} back />
      <DynamicDetail
        key={id ?? 0}
        id={id}
        onGone={() => navigate(paths.dynamic, { replace: true })}
        onBlocked={(userId) => {
          removePerson(client, userId);
          void client.invalidateQueries({ queryKey: peopleKeys.lists() });
        }}
      />
    </>
  );
}
