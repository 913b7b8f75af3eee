// Open location: a place shared in the chat (`/open-location?data=<the place>`), with the way out
// to the phone's maps.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { PlaceView } from '../../features/places/components/PlaceView';
import { placeFromParam } from '../../features/places/place';

export default function OpenLocationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const place = placeFromParam(params.get('data'));
  return (
    <>
      <AppBar title={place?.name ?? t('pages.openLocation')} back />
      <div className="page">
        {place ? (
          <PlaceView place={place} />
        ) : (
          <p className="center-view" role="alert">
            {t('places.notAPlace')}
          </p>
        )}
      </div>
    </>
  );
}
