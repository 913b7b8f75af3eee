// The interface-language picker.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n';
import { LANGUAGES, type LanguageAbbr, isLanguageAbbr } from '../i18n/languages';
import { SelectField } from './Field';

/** Picks the interface language; stored as LANGUAGE and applied at once. */
export function LanguageSelect({
  onChanged,
  label,
}: {
  onChanged?: (abbr: LanguageAbbr) => void;
  label?: string;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const value = isLanguageAbbr(i18n.language) ? i18n.language : 'en';
  return (
    <SelectField
      label={label ?? t('fields.language')}
      value={value}
      disabled={busy}
      data-testid="language-select"
      options={LANGUAGES.map((l) => ({ value: l.abbr, label: l.native }))}
      onChange={async (e) => {
        const abbr = e.target.value;
        if (!isLanguageAbbr(abbr)) return;
        setBusy(true);
        try {
          await setLanguage(abbr);
          onChanged?.(abbr);
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}
