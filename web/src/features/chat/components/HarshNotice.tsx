// "Does this bother you?" under a message its sender sent anyway, with a one-tap report.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { showToast } from '../../../lib/toast';
import { harshAnswered, rememberHarshAnswer } from '../harsh';

/**
 * "Does this bother you?" under a message sent anyway after "Are you sure?": Report tells the
 * moderators at once (reason harassment), No puts the question away; either is remembered.
 */
export function HarshNotice({
  messageId,
  onReport,
}: {
  messageId: number;
  onReport?: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<'ask' | 'reporting' | 'reported' | 'gone'>(() =>
    harshAnswered(messageId) ? 'gone' : 'ask',
  );
  if (state === 'gone') return null;
  if (state === 'reported') {
    return (
      <li className="chat-harsh" role="status" data-testid="harsh-notice">
        <span className="grow">{t('chat.harsh.reported')}</span>
      </li>
    );
  }
  const report = () => {
    if (!onReport) return;
    setState('reporting');
    onReport().then(
      () => {
        rememberHarshAnswer(messageId);
        setState('reported');
      },
      () => {
        showToast(t('errors.generic'), 'error');
        setState('ask');
      },
    );
  };
  return (
    <li
      className="chat-harsh"
      role="group"
      aria-label={t('chat.harsh.bother')}
      data-testid="harsh-notice"
    >
      <span className="grow">{t('chat.harsh.bother')}</span>
      <span className="chat-harsh-actions">
        {onReport && (
          <Button small variant="danger" loading={state === 'reporting'} onClick={report}>
            {t('chat.harsh.report')}
          </Button>
        )}
        <Button
          small
          variant="outline"
          onClick={() => {
            rememberHarshAnswer(messageId);
            setState('gone');
          }}
        >
          {t('chat.harsh.no')}
        </Button>
      </span>
    </li>
  );
}
