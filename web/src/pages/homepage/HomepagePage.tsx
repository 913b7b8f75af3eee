// A person's profile page (?userId=; mine without it), with the gifts they received.
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { Button } from '../../components/Button';
import { Skeleton } from '../../components/Skeleton';
import { HeartIcon } from '../../components/icons';
import { paths } from '../../lib/paths';
import { ApiError } from '../../lib/request';
import { useProfile } from '../../features/people/api/profile';
import { EmptyState } from '../../features/people/components/EmptyState';
import { ProfileView } from '../../features/people/components/ProfileView';
import { ReceivedGifts } from '../../features/wallet/components/ReceivedGifts';
import { AlbumStrip } from '../../features/album/components/AlbumStrip';
import { PersonDynamics } from '../../features/feed/components/PersonDynamics';

/** A person's profile (?userId=N); without userId, my own. */
export default function HomepagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get('userId');
  const userId = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const profile = useProfile(userId);

  const goBack = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate(paths.root, { replace: true });
  };

  if (profile.error) {
    const gone = profile.error instanceof ApiError && profile.error.code === 404;
    return (
      <>
        <AppBar title={t('pages.homepage')} back />
        <div className="page">
          <EmptyState
            icon={<HeartIcon size={36} />}
            title={gone ? t('people.notAvailableTitle') : t('people.loadFailed')}
            body={gone ? t('people.notAvailableBody') : profile.error.message}
            action={
              gone ? (
                <Button variant="secondary" onClick={() => navigate(paths.root)}>
                  {t('people.browse')}
                </Button>
              ) : (
                <Button onClick={() => void profile.refetch()}>{t('common.retry')}</Button>
              )
            }
          />
        </div>
      </>
    );
  }

  if (!profile.data) {
    return (
      <>
        <AppBar title={t('pages.homepage')} back />
        <div className="profile" aria-busy="true">
          <Skeleton height="min(100vw, 520px)" style={{ borderRadius: 0 }} />
          <div className="profile-body stack">
            <Skeleton width="60%" height={28} />
            <Skeleton width="40%" height={16} />
            <Skeleton height={72} />
          </div>
        </div>
      </>
    );
  }

  return (
    <ProfileView profile={profile.data} onBlocked={goBack}>
      <AlbumStrip
        userId={profile.data.userId}
        mine={profile.data.mine}
        name={profile.data.remark?.trim() || profile.data.userName}
      />
      <PersonDynamics userId={profile.data.userId} mine={profile.data.mine} />
      <ReceivedGifts userId={profile.data.userId} />
    </ProfileView>
  );
}
