// Tells the person when chat is not live: reconnecting, or given up with a way to try again.
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { useChatConnection, useConnectionState } from '../hooks';
import { RefreshIcon } from './icons';

export function ConnectionBanner() {
  const { t } = useTranslation();
  const connection = useChatConnection();
  const { state, reason } = useConnectionState();
  if (state === 'reconnecting') {
    return (
      <div className="chat-banner" role="status" data-testid="connection-banner">
        <span className="spinner" aria-hidden="true" />
        {t('chat.reconnecting')}
      </div>
    );
  }
  if (state !== 'disconnected') return null;
  const text =
    reason === 'elsewhere'
      ? t('chat.openElsewhere')
      : reason === 'empty params'
        ? t('chat.emptyParams')
        : t('chat.offline');
  return (
    <div className="chat-banner chat-banner-warn" role="alert" data-testid="connection-banner">
      <span className="grow">{text}</span>
      <Button variant="secondary" small onClick={() => connection.retry()}>
        <RefreshIcon size={16} />
        {reason === 'elsewhere' ? t('chat.useHere') : t('chat.reconnect')}
      </Button>
    </div>
  );
}
