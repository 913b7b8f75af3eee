// The chat's language menu, beside the language picker: a button that opens, under the header,
// the choice to have this partner's new messages translated as they arrive (by the server, so
// the push and the message list show the translation even while the chat is closed).
import { useTranslation } from 'react-i18next';
import { SettingsIcon } from '../../../components/icons';
import { Switch } from '../../../components/Switch';
import { useOnArrival } from '../api/chat-language';

export const TRANSLATE_OPTIONS_ID = 'translate-options';

export function TranslateOptionsButton({
  open,
  onToggle,
}: {
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="icon-btn translate-options-btn"
      aria-label={t('translate.options')}
      title={t('translate.options')}
      aria-expanded={open}
      aria-controls={TRANSLATE_OPTIONS_ID}
      onClick={onToggle}
    >
      <SettingsIcon size={20} />
    </button>
  );
}

export function TranslateOptions({ peer }: { peer: number }) {
  const { t } = useTranslation();
  const { on, set, saving, known, failed } = useOnArrival(peer);
  return (
    <div className="translate-options" id={TRANSLATE_OPTIONS_ID} data-testid="translate-options">
      <Switch
        label={t('translate.onArrival')}
        hint={t('translate.onArrivalHint')}
        checked={on}
        disabled={saving || !known}
        onChange={set}
        data-testid="translate-on-arrival"
      />
      {failed && (
        <p className="translate-status error" role="alert">
          {t('errors.generic')}
        </p>
      )}
    </div>
  );
}
