// Choose location: a place to share with the person of a chat (`/choose-location?data=<the chat
// partner, as the chat page takes it>`), sent as a `loc` message; then back to the chat, where it
// shows.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { sendMessageOverHttp } from '../../features/chat/api/send';
import { parseChatTarget } from '../../features/chat/target';
import { PlacePicker } from '../../features/places/components/PlacePicker';
import type { Place } from '../../features/places/place';
import { paths } from '../../lib/paths';
import { ApiError, failureMessage } from '../../lib/request';

export default function ChooseLocationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = parseChatTarget(params.get('data'));
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  // One id for this place however many times Share is tapped: stored once.
  const clientId = useRef(crypto.randomUUID());

  const share = async (place: Place) => {
    if (!target) return;
    setSending(true);
    setError(undefined);
    try {
      await sendMessageOverHttp({
        to: target.userId,
        msgType: 'loc',
        content: { ...place },
        clientId: clientId.current,
      });
      void navigate(-1);
    } catch (e) {
      clientId.current = crypto.randomUUID();
      setError(e instanceof ApiError ? failureMessage(e) : t('errors.generic'));
      setSending(false);
    }
  };

  return (
    <>
      <AppBar title={t('pages.chooseLocation')} back />
      <div className="page page-wide">
        {target ? (
          <PlacePicker onShare={(p) => void share(p)} sending={sending} error={error} />
        ) : (
          <section className="center-view" role="alert" data-testid="choose-location-no-chat">
            <p>{t('places.noChat')}</p>
            <Link className="btn btn-primary" to={paths.message}>
              {t('nav.messages')}
            </Link>
          </section>
        )}
      </div>
    </>
  );
}
