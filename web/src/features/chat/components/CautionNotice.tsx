// The safety notice over a risky first message I received.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import type { Caution } from '../display';

/** The warning over a first message that carried a link, a number, an address or a money word. */
export function CautionNotice({ caution }: { caution: Caution }) {
  const { t } = useTranslation();
  return (
    <li className="chat-caution" role="note" data-testid="caution-notice">
      <span>
        {t(`chat.caution.${caution}`)} {t('chat.caution.advice')}{' '}
        <Link to={paths.safety}>{t('safety.title')}</Link>
      </span>
    </li>
  );
}
