// Under the chat header: today's member allowance left and the character-pack balance from the
// last translation answer; and the prompt after a refusal (recharge characters, or the language
// cannot be translated).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { LANGUAGES } from '../../../i18n/languages';
import { paths } from '../../../lib/paths';
import { translateStore, useTranslateState } from '../store';

/** The Characters tab of the recharge page. */
export const RECHARGE_CHARACTERS_HREF = `${paths.recharge}?tab=character`;

export function TranslateStatus({ member }: { member: boolean }) {
  const { t } = useTranslation();
  const { last } = useTranslateState();
  if (!last) return null;
  return (
    <p className="translate-balance" data-testid="translate-balance">
      {member && <span>{t('translate.allowanceLeft', { n: last.allowanceLeft })}</span>}
      <span>{t('translate.packBalance', { n: last.packBalance })}</span>
    </p>
  );
}

export function TranslatePrompt() {
  const { t } = useTranslation();
  const { prompt } = useTranslateState();
  const close = () => translateStore.dismiss();
  const language = LANGUAGES.find((l) => l.abbr === prompt?.target)?.native ?? prompt?.target;
  return (
    <Dialog
      open={prompt !== null}
      onClose={close}
      title={
        prompt?.kind === 'insufficient'
          ? t('translate.insufficientTitle')
          : t('translate.unavailableTitle')
      }
      actions={
        prompt?.kind === 'insufficient' ? (
          <>
            <Button variant="outline" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Link className="btn btn-primary" to={RECHARGE_CHARACTERS_HREF} onClick={close}>
              {t('translate.recharge')}
            </Link>
          </>
        ) : (
          <Button onClick={close}>{t('common.close')}</Button>
        )
      }
    >
      <p>
        {prompt?.kind === 'insufficient'
          ? t('translate.insufficient')
          : t('translate.unavailableFor', { language })}
      </p>
    </Dialog>
  );
}
