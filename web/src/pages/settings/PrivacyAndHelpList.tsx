// The settings' privacy and help list: blocked people, downloading my data, the bulletin,
// installing and downloading the app, help and the safety tips.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  BellIcon,
  BlockIcon,
  ChevronIcon,
  HeadsetIcon,
  ShieldIcon,
  SparkleIcon,
} from '../../components/icons';
import { DownloadMyData } from '../../features/account/components/DownloadMyData';
import { InstallEntry } from '../../features/install/components/InstallEntry';
import { paths } from '../../lib/paths';

export function PrivacyAndHelpList({ onHelp }: { onHelp: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="section-title">{t('settings.privacyAndHelp')}</h2>
      <ul className="list">
        <li>
          <Link className="list-item" to="?view=blocked">
            <BlockIcon />
            <span className="grow">{t('blocked.title')}</span>
            <ChevronIcon />
          </Link>
        </li>
        <DownloadMyData />
        <li>
          <Link className="list-item" to={paths.bulletin}>
            <BellIcon />
            <span className="grow">{t('pages.bulletin')}</span>
            <ChevronIcon />
          </Link>
        </li>
        <InstallEntry />
        <li>
          <Link className="list-item" to={paths.download}>
            <SparkleIcon />
            <span className="grow">{t('pages.download')}</span>
            <ChevronIcon />
          </Link>
        </li>
        <li>
          <button type="button" className="list-item" onClick={onHelp}>
            <HeadsetIcon />
            <span className="grow">{t('nav.help')}</span>
            <ChevronIcon />
          </button>
        </li>
        <li>
          <Link className="list-item" to={paths.safety}>
            <ShieldIcon />
            <span className="grow">{t('safety.title')}</span>
            <ChevronIcon />
          </Link>
        </li>
      </ul>
    </>
  );
}
