// The texts of a notice as staff write them: title, text and language, checked the same way for a
// new notice and for a translation added to a published one (TranslationForm).
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { SelectField, TextArea, TextField } from '../../../components/Field';
import type { Translate } from '../../../i18n';
import { LANGUAGES } from '../../../i18n/languages';
import { showToast } from '../../../lib/toast';
import { useNoticeText } from '../api/notices';
import type { NoticeText, StaffNotice } from '../api/types';

export const NOTICE_TITLE_MAX = 100;
export const NOTICE_BODY_MAX = 2000;

const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({
  value: l.abbr,
  label: `${l.native} (${l.abbr})`,
}));

export interface Draft {
  title: string;
  body: string;
  language: string;
}

export type DraftErrors = Partial<Record<'title' | 'body' | 'of', string>>;

/** Title, text and language, as both the new notice and a translation take them. */
export function TextFields({
  draft,
  errors,
  onChange,
}: {
  draft: Draft;
  errors: DraftErrors;
  onChange: (draft: Draft) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SelectField
        label={t('staff.notices.language')}
        options={LANGUAGE_OPTIONS}
        value={draft.language}
        onChange={(e) => onChange({ ...draft, language: e.target.value })}
        data-testid="notice-language"
      />
      <TextField
        label={t('staff.notices.title')}
        value={draft.title}
        maxLength={NOTICE_TITLE_MAX}
        onChange={(e) => onChange({ ...draft, title: e.target.value })}
        error={errors.title}
        data-testid="notice-title"
      />
      <TextArea
        label={t('staff.notices.body')}
        value={draft.body}
        rows={6}
        maxLength={NOTICE_BODY_MAX}
        onChange={(e) => onChange({ ...draft, body: e.target.value })}
        error={errors.body}
        hint={t('people.charsLeft', { used: [...draft.body].length, max: NOTICE_BODY_MAX })}
        data-testid="notice-body"
      />
    </>
  );
}

export function draftErrors(draft: Draft, t: Translate): DraftErrors {
  return {
    ...(draft.title.trim() ? {} : { title: t('staff.notices.titleRequired') }),
    ...(draft.body.trim() ? {} : { body: t('staff.notices.bodyRequired') }),
  };
}

export function TranslationForm({ notice, onDone }: { notice: StaffNotice; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useNoticeText();
  const missing = LANGUAGES.find((l) => !notice.texts.some((x) => x.language === l.abbr));
  const [draft, setDraft] = useState<Draft>({
    title: '',
    body: '',
    language: missing?.abbr ?? 'en',
  });
  const [errors, setErrors] = useState<DraftErrors>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = draftErrors(draft, t);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const text: NoticeText = {
      language: draft.language,
      title: draft.title.trim(),
      body: draft.body.trim(),
    };
    save.mutate(
      { id: notice.id, ...text },
      {
        onSuccess: () => {
          showToast(t('staff.notices.textSaved'), 'success');
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <p className="dialog-text">{t('staff.notices.addTextBody')}</p>
      <TextFields draft={draft} errors={errors} onChange={setDraft} />
      <div className="dialog-actions sheet-form-actions">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
