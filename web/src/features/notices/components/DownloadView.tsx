// The download page's versions: this device's version and whether an update is waiting, and the
// latest released versions with their notes; the page puts how to install between the two.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SkeletonRow } from '../../../components/Skeleton';
import { SparkleIcon } from '../../../components/icons';
import { formatDate } from '../../../i18n/format';
import { paths } from '../../../lib/paths';
import { VERSION } from '../../../lib/version';
import type { SoftwareVersion } from '../api/types';
import { useVersions } from '../api/versions';
import { parseServerTime } from '../time';
import { updateOffer } from '../update-offer';
import './notices.css';

/** How many released versions the page lists. */
const SHOWN = 6;

/** Only addresses on the web are links; anything else stays text. */
function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** `install`: what the page shows between this device and the released versions. */
export function DownloadView({ install }: { install?: ReactNode }) {
  const { t } = useTranslation();
  const versions = useVersions();
  const offer = updateOffer(versions.data ?? []);
  return (
    <div className="download stack">
      <section className="card download-card" aria-labelledby="download-this">
        <div className="update-card-art" aria-hidden="true">
          <SparkleIcon size={28} />
        </div>
        <h2 id="download-this">{t('update.thisDevice')}</h2>
        <p data-testid="current-version">{t('update.current', { version: VERSION })}</p>
        {offer ? (
          <Link className="btn btn-primary" to={paths.upgradePopup}>
            {t('update.available', { version: offer.latest.version })}
          </Link>
        ) : (
          versions.isSuccess && <p className="muted">{t('update.upToDate')}</p>
        )}
      </section>

      {install}

      <section aria-labelledby="download-versions">
        <h2 className="section-title" id="download-versions">
          {t('update.latestVersions')}
        </h2>
        {versions.isPending ? (
          <div aria-busy="true">
            <SkeletonRow />
            <SkeletonRow />
          </div>
        ) : versions.data?.length ? (
          <ul className="list version-list" data-testid="version-list">
            {versions.data.slice(0, SHOWN).map((v) => (
              <VersionRow key={`${v.platform}-${v.version}`} version={v} />
            ))}
          </ul>
        ) : (
          <p className="muted download-empty">
            {versions.isError ? t('update.versionsFailed') : t('update.noVersions')}
          </p>
        )}
      </section>
    </div>
  );
}

function VersionRow({ version: v }: { version: SoftwareVersion }) {
  const { t } = useTranslation();
  const url = v.platform === 'web' ? null : safeUrl(v.url);
  const platform =
    v.platform === 'web' || v.platform === 'android' || v.platform === 'ios'
      ? t(`update.platform.${v.platform}`)
      : v.platform;
  return (
    <li className="version-row">
      <div className="version-head">
        <strong>{t('update.versionLabel', { version: v.version })}</strong>
        <span className="badge">{platform}</span>
        {v.mandatory && <span className="badge badge-accent">{t('update.mandatory')}</span>}
      </div>
      {v.releasedAt && (
        <time className="version-date" dateTime={v.releasedAt}>
          {t('update.released', {
            date: formatDate(parseServerTime(v.releasedAt), { dateStyle: 'medium' }),
          })}
        </time>
      )}
      {v.notes.trim() && <p className="version-notes">{v.notes}</p>}
      {url && (
        <a className="btn btn-outline btn-small" href={url} rel="noopener noreferrer">
          {t('update.download')}
        </a>
      )}
    </li>
  );
}
