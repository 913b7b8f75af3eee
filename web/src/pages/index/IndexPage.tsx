import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { ComingSoon } from '../../components/ComingSoon';
import { CompassIcon, FootprintIcon, HeartIcon, WinkIcon } from '../../components/icons';

const TABS = [
  { id: 'favourite', label: 'nav.myFavourite', icon: HeartIcon },
  { id: 'wink', label: 'nav.winkMe', icon: WinkIcon },
  { id: 'footprints', label: 'nav.footprints', icon: FootprintIcon },
] as const;

/** Entry page: discover, with the Favourite / Wink Me / Footprints tabs. */
export default function IndexPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const tab = TABS.find((x) => x.id === params.get('tab'));
  const Icon = tab?.icon ?? CompassIcon;
  return (
    <>
      <AppBar title={tab ? t(tab.label) : t('nav.discover')} />
      <div className="page">
        <nav className="segmented" aria-label={t('nav.favorites')} style={{ marginBottom: 8 }}>
          {TABS.map((x) => (
            <Link
              key={x.id}
              to={`?tab=${x.id}`}
              className={tab?.id === x.id ? 'seg-link active' : 'seg-link'}
              aria-current={tab?.id === x.id ? 'page' : undefined}
            >
              {t(x.label)}
            </Link>
          ))}
        </nav>
        <ComingSoon
          title={tab ? t(tab.label) : t('pages.discover')}
          description={t('pages.discoverDesc')}
          icon={<Icon size={40} />}
        />
      </div>
    </>
  );
}
