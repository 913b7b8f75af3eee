// The "Download my data" row of the settings: fetches the archive of everything Amora holds
// about me and saves it, busy meanwhile (building it reads every picture, so it can take a while).
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Button';
import { ChevronIcon, DownloadIcon } from '../../../components/icons';
import { useDownloadMyData } from '../api/download-data';

export function DownloadMyData() {
  const { t } = useTranslation();
  const download = useDownloadMyData();
  const busy = download.isPending;
  return (
    <li>
      <button
        type="button"
        className="list-item"
        onClick={() => download.mutate()}
        disabled={busy}
        aria-busy={busy || undefined}
        data-testid="download-my-data"
      >
        <DownloadIcon />
        <span className="grow">
          {busy ? t('settings.downloadingData') : t('settings.downloadData')}
        </span>
        {busy ? <Spinner /> : <ChevronIcon />}
      </button>
    </li>
  );
}
