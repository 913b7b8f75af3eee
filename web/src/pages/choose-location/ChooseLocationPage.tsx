// Choose location: a place to share in a chat (`/choose-location?data=<the chat partner, as the
// chat page takes it, or {"groupId"}>`), sent as a `loc` message; then back to the chat, where it
// shows.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AppBar } from '../../components/AppBar';
import { sendGroupMessageOverHttp, sendMessageOverHttp } from '../../features/chat/api/send';
import { PlacePicker } from '../../features/places/components/PlacePicker';
import type { Place } from '../../features/places/place';
import { paths } from '../../lib/paths';
import { ApiError, failureMessage } from '../../lib/request';
import { parseShareTarget } from './target';

export default function ChooseLocationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = parseShareTarget(params.get('data'));
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  // One id for this place however many times Share is tapped: stored once.
  const clientId = useRef(crypto.randomUUID());

  const share = async (place: Place) => {
    if (!target) return;
    setSending(true);
    setError(undefined);
    try {
      const message = {
        msgType: 'loc' as const,
        content: { ...place },
        clientId: clientId.current,
      };
      await ('groupId' in target
        ? sendGroupMessageOverHttp({ ...message, groupId: target.groupId })
        : sendMessageOverHttp({ ...message, to: target.userId }));
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
