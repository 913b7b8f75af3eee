import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { ComingSoon } from '../../components/ComingSoon';
import { ChatIcon, HelpIcon } from '../../components/icons';

export default function MessagePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const support = params.get('tab') === 'support';
  return (
    <>
      <AppBar title={support ? t('pages.help') : t('pages.message')} />
      <div className="page">
        <ComingSoon
          title={support ? t('pages.help') : t('pages.message')}
          description={support ? t('pages.helpDesc') : t('pages.messageDesc')}
          icon={support ? <HelpIcon size={40} /> : <ChatIcon size={40} />}
        />
      </div>
    </>
  );
}
