// Verify your photos: a selfie copying a pose, compared with my profile photo by our team.
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { VerifyPhotos } from '../../features/verification/components/VerifyPhotos';
import { paths } from '../../lib/paths';

export default function VerificationPage() {
  const { t } = useTranslation();
  return (
    <>
      <AppBar title={t('verification.title')} back={paths.settings} />
      <VerifyPhotos />
    </>
  );
}
