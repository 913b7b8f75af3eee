// Notices as staff write them: a new one (title, text, language, and a person's id for a
// personal notice), the published ones with their texts per language, a translation added to
// one, and deleting one.
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { ConfirmDialog, Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/Field';
import { InfiniteList } from '../../../components/InfiniteList';
import { BellIcon } from '../../../components/icons';
import { intlLocale, isLanguageAbbr, languageInfo } from '../../../i18n/languages';
import { staffUserHref } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useDeleteNotice, usePublishNotice, useStaffNotices } from '../api/notices';
import type { StaffNotice } from '../api/types';
import { when, wholeNumber } from './display';
import {
  type Draft,
  type DraftErrors,
  TextFields,
  TranslationForm,
  draftErrors,
} from './NoticeTextForm';

function languageName(abbr: string): string {
  return isLanguageAbbr(abbr) ? languageInfo(abbr).native : abbr;
}

export function NoticeEditor() {
  const { t } = useTranslation();
  const publish = usePublishNotice();
  const empty: Draft = { title: '', body: '', language: 'en' };
  const [draft, setDraft] = useState<Draft>(empty);
  const [of, setOf] = useState('');
  const [errors, setErrors] = useState<DraftErrors>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const recipient = wholeNumber(of);
    const next: DraftErrors = {
      ...draftErrors(draft, t),
      ...(recipient !== null && (Number.isNaN(recipient) || recipient < 1)
        ? { of: t('staff.notices.ofInvalid') }
        : {}),
    };
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    publish.mutate(
      {
        title: draft.title.trim(),
        body: draft.body.trim(),
        language: draft.language,
        ...(recipient ? { userId: recipient } : {}),
      },
      {
        onSuccess: () => {
          showToast(t('staff.notices.published'), 'success');
          setDraft(empty);
          setOf('');
        },
      },
    );
  };

  return (
    <form className="card staff-block" onSubmit={submit} noValidate aria-labelledby="notice-new">
      <h2 id="notice-new">{t('staff.notices.new')}</h2>
      <TextFields draft={draft} errors={errors} onChange={setDraft} />
      <TextField
        label={t('staff.notices.of')}
        optional
        inputMode="numeric"
        value={of}
        onChange={(e) => setOf(e.target.value)}
        hint={t('staff.notices.ofHint')}
        error={errors.of}
        data-testid="notice-of"
      />
      <Button type="submit" loading={publish.isPending}>
        {t('staff.notices.publish')}
      </Button>
    </form>
  );
}

export function StaffNoticeList() {
  const { t } = useTranslation();
  const query = useStaffNotices();
  const remove = useDeleteNotice();
  const [deleting, setDeleting] = useState<StaffNotice | null>(null);
  const [translating, setTranslating] = useState<StaffNotice | null>(null);
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const notices = query.data?.pages.flatMap((p) => p.rows) ?? [];

  return (
    <section aria-labelledby="notice-list">
      <h2 id="notice-list" className="staff-section-title">
        {t('staff.notices.publishedList')}
      </h2>
      <InfiniteList
        items={notices}
        getKey={(n) => n.id}
        className="staff-queue"
        hasMore={query.hasNextPage && !query.isError}
        loading={query.isPending || query.isFetchingNextPage}
        onLoadMore={loadMore}
        empty={
          <section className="center-view">
            <BellIcon size={36} />
            <h3>{t('staff.notices.none')}</h3>
          </section>
        }
        renderItem={(notice) => (
          <article className="card staff-item" data-testid="staff-notice">
            <div className="staff-badges">
              <span className="muted staff-small">
                #{notice.id} · {when(notice.createdAt)}
              </span>
              {notice.userId == null ? (
                <span className="badge">{t('staff.notices.everyone')}</span>
              ) : (
                <Link className="badge badge-accent" to={staffUserHref(notice.userId)}>
                  {t('staff.notices.personal', { id: notice.userId })}
                </Link>
              )}
            </div>
            {notice.texts.map((text) => (
              <div
                key={text.language}
                className="staff-notice-text"
                lang={intlLocale(text.language)}
              >
                <h3>
                  <span className="badge">{languageName(text.language)}</span> {text.title}
                </h3>
                <p className="staff-text clamp">{text.body}</p>
              </div>
            ))}
            <div className="staff-actions">
              <Button variant="outline" small onClick={() => setTranslating(notice)}>
                {t('staff.notices.addText')}
              </Button>
              <Button variant="ghost" small onClick={() => setDeleting(notice)}>
                {t('staff.notices.delete')}
              </Button>
            </div>
          </article>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t('staff.notices.deleteTitle')}
        message={t('staff.notices.deleteBody')}
        confirmLabel={t('staff.notices.delete')}
        busy={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              showToast(t('staff.notices.deleted'), 'success');
            },
          });
        }}
        onCancel={() => setDeleting(null)}
      />
      <Dialog
        open={translating !== null}
        onClose={() => setTranslating(null)}
        title={t('staff.notices.addText')}
        sheet
      >
        {translating && (
          <TranslationForm notice={translating} onDone={() => setTranslating(null)} />
        )}
      </Dialog>
    </section>
  );
}
