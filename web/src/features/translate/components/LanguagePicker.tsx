// The chat header's choice of the language I read this partner in, or "Do not translate". A
// language their messages cannot reach now (no provider, not even through English) is offered
// disabled; their own language stays offered (nothing to translate).
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../i18n/languages';
import { useChatLanguage, usePartnerRoutes } from '../api/chat-language';
import { DO_NOT_TRANSLATE, isChatLanguageAbbr } from '../chat-languages';

export function LanguagePicker({ peer }: { peer: number }) {
  const { t } = useTranslation();
  const { abbr, set, saving } = useChatLanguage(peer);
  const partner = usePartnerRoutes(peer);
  const unreachable = (target: string) =>
    partner != null &&
    target !== abbr &&
    target !== partner.language &&
    partner.routes.some((r) => r.target === target && r.route === 'none');
  return (
    <select
      className="translate-picker"
      aria-label={t('translate.language')}
      title={t('translate.language')}
      value={abbr}
      disabled={saving}
      data-testid="translate-language"
      onChange={(e) => {
        const next = e.currentTarget.value;
        if (isChatLanguageAbbr(next)) set(next);
      }}
    >
      <option value={DO_NOT_TRANSLATE}>{t('translate.doNotTranslate')}</option>
      {LANGUAGES.map((l) => (
        <option key={l.abbr} value={l.abbr} lang={l.intl} disabled={unreachable(l.abbr)}>
          {l.native}
        </option>
      ))}
    </select>
  );
}
