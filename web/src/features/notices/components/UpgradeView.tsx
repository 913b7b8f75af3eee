// The upgrade page: the update prompt's content as a page, or that this build is up to date.
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/Button';
import { Skeleton } from '../../../components/Skeleton';
import { CheckIcon, SparkleIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';
import { VERSION } from '../../../lib/version';
import { useVersions } from '../api/versions';
import { putOff } from '../update-check';
import { updateOffer } from '../update-offer';
import { UpdateDetails, UpdateNowButton, useOfferTitle } from './UpdateDetails';
import type { UpdateOffer } from '../update-offer';
import './notices.css';

export function UpgradeView() {
  const { t } = useTranslation();
  const versions = useVersions();
  if (versions.isPending) {
    return (
      <div className="stack" aria-busy="true">
        <Skeleton height={28} width="70%" />
        <Skeleton height={120} />
      </div>
    );
  }
  const offer = updateOffer(versions.data ?? []);
  if (offer) return <OfferCard offer={offer} />;
  return (
    <section className="center-view" data-testid="up-to-date">
      <div className="coming-soon-art" aria-hidden="true">
        <CheckIcon size={40} />
      </div>
      <h2>{t('update.upToDate')}</h2>
      <p>{t('update.upToDateBody', { version: VERSION })}</p>
      {versions.isError && (
        <Button variant="outline" onClick={() => void versions.refetch()}>
          {t('common.retry')}
        </Button>
      )}
      <Link className="btn btn-secondary" to={paths.download}>
        {t('update.seeDownload')}
      </Link>
    </section>
  );
}

function OfferCard({ offer }: { offer: UpdateOffer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = useOfferTitle(offer);
  return (
    <section className="card update-card" aria-labelledby="update-card-title">
      <div className="update-card-art" aria-hidden="true">
        <SparkleIcon size={32} />
      </div>
      <h2 id="update-card-title">{title}</h2>
      <UpdateDetails offer={offer} />
      <div className="update-card-actions">
        {!offer.mandatory && (
          <Button
            variant="outline"
            onClick={() => {
              putOff(offer.latest.version);
              navigate(paths.root);
            }}
          >
            {t('update.later')}
          </Button>
        )}
        <UpdateNowButton />
      </div>
    </section>
  );
}
