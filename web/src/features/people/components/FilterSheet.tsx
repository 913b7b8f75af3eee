// The discover filters sheet.
import './people.css';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { SegmentedField, SelectField } from '../../../components/Field';
import { Switch } from '../../../components/Switch';
import { COUNTRIES } from '../../../i18n/countries';
import { LANGUAGES } from '../../../i18n/languages';
import {
  DEFAULT_FILTERS,
  type DiscoverFilters,
  MAX_AGE,
  MIN_AGE,
  normalizeFilters,
} from '../filters';

type Gender = 'female' | 'male';

/** The discover filters: gender, country, age range, online, photos, new members, language. */
export function FilterSheet({
  open,
  value,
  defaultGender,
  onApply,
  onClose,
}: {
  open: boolean;
  value: DiscoverFilters;
  /** Whom discover shows without a gender filter: the other gender. */
  defaultGender: Gender;
  onApply: (filters: DiscoverFilters) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('filters.title')} sheet className="filter-sheet">
      {open && <FilterForm value={value} defaultGender={defaultGender} onApply={onApply} />}
    </Dialog>
  );
}

function FilterForm({
  value,
  defaultGender,
  onApply,
}: {
  value: DiscoverFilters;
  defaultGender: Gender;
  onApply: (filters: DiscoverFilters) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  // The age inputs hold text while typing; they are made valid on apply.
  const [minAge, setMinAge] = useState(String(value.minAge));
  const [maxAge, setMaxAge] = useState(String(value.maxAge));
  const set = <K extends keyof DiscoverFilters>(key: K, v: DiscoverFilters[K]) =>
    setDraft((d) => ({ ...d, [key]: v }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(normalizeFilters({ ...draft, minAge: minAge || MIN_AGE, maxAge: maxAge || MAX_AGE }));
  };
  const reset = () => {
    setDraft(DEFAULT_FILTERS);
    setMinAge(String(MIN_AGE));
    setMaxAge(String(MAX_AGE));
  };

  return (
    <form onSubmit={submit} noValidate className="filter-form">
      <SegmentedField
        label={t('fields.gender')}
        name="filter-gender"
        value={draft.gender || defaultGender}
        options={[
          { value: 'female', label: t('filters.women') },
          { value: 'male', label: t('filters.men') },
        ]}
        // The default gender is stored as "no filter", so it follows the server's default.
        onChange={(g) => set('gender', g === defaultGender ? '' : (g as Gender))}
      />
      <SelectField
        label={t('fields.country')}
        value={draft.country}
        onChange={(e) => set('country', e.target.value as DiscoverFilters['country'])}
        options={[
          { value: '', label: t('filters.anyCountry') },
          ...COUNTRIES.map((c) => ({ value: c, label: t(`countries.${c}`) })),
        ]}
      />
      <fieldset className="field age-range">
        <legend className="field-label">{t('filters.age')}</legend>
        <div className="row">
          <label className="age-input">
            <span>{t('filters.ageFrom')}</span>
            <input
              className="input"
              type="number"
              inputMode="numeric"
              min={MIN_AGE}
              max={MAX_AGE}
              value={minAge}
              onChange={(e) => setMinAge(e.target.value)}
            />
          </label>
          <span aria-hidden="true">–</span>
          <label className="age-input">
            <span>{t('filters.ageTo')}</span>
            <input
              className="input"
              type="number"
              inputMode="numeric"
              min={MIN_AGE}
              max={MAX_AGE}
              value={maxAge}
              onChange={(e) => setMaxAge(e.target.value)}
            />
          </label>
        </div>
      </fieldset>
      <SelectField
        label={t('fields.language')}
        value={draft.language}
        onChange={(e) => set('language', e.target.value as DiscoverFilters['language'])}
        options={[
          { value: '', label: t('filters.anyLanguage') },
          ...LANGUAGES.map((l) => ({ value: l.abbr, label: l.native })),
        ]}
      />
      <div className="switches">
        <Switch
          label={t('people.onlineNow')}
          checked={draft.online}
          onChange={(v) => set('online', v)}
        />
        <Switch
          label={t('filters.withPhotos')}
          checked={draft.withPhotos}
          onChange={(v) => set('withPhotos', v)}
        />
        <Switch
          label={t('filters.newMembers')}
          hint={t('filters.newMembersHint')}
          checked={draft.newMembers}
          onChange={(v) => set('newMembers', v)}
        />
        <Switch
          label={t('filters.verified')}
          hint={t('filters.verifiedHint')}
          checked={draft.verified}
          onChange={(v) => set('verified', v)}
        />
      </div>
      <div className="dialog-actions sheet-form-actions">
        <Button variant="outline" onClick={reset}>
          {t('filters.reset')}
        </Button>
        <Button type="submit" className="grow-btn">
          {t('filters.apply')}
        </Button>
      </div>
    </form>
  );
}
