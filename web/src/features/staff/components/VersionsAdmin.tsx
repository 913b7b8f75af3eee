// Released versions: a new one (version, platform, notes, download address, mandatory) and the
// list, each deletable.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/Dialog';
import { SelectField, TextArea, TextField } from '../../../components/Field';
import { showToast } from '../../../lib/toast';
import { useAddVersion, useDeleteVersion, useStaffVersions } from '../api/versions';
import type { NewVersion, StaffVersion } from '../api/types';
import { when } from './display';

const PLATFORMS = ['web', 'android', 'ios'] as const;
const VERSION_PATTERN = /^\d+\.\d+\.\d+$/;

export function VersionForm() {
  const { t } = useTranslation();
  const add = useAddVersion();
  const empty: NewVersion = { version: '', platform: 'web', notes: '', url: '', mandatory: false };
  const [draft, setDraft] = useState<NewVersion>(empty);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!VERSION_PATTERN.test(draft.version.trim())) {
      setError(t('staff.versions.versionInvalid'));
      return;
    }
    setError(null);
    add.mutate(
      { ...draft, version: draft.version.trim(), notes: draft.notes.trim(), url: draft.url.trim() },
      {
        onSuccess: () => {
          showToast(t('staff.versions.added'), 'success');
          setDraft(empty);
        },
      },
    );
  };
  return (
    <form className="card staff-block" onSubmit={submit} noValidate aria-labelledby="version-new">
      <h2 id="version-new">{t('staff.versions.new')}</h2>
      <div className="staff-form-row">
        <TextField
          label={t('staff.versions.version')}
          value={draft.version}
          placeholder="1.4.0"
          onChange={(e) => setDraft({ ...draft, version: e.target.value })}
          error={error}
          data-testid="version-version"
        />
        <SelectField
          label={t('staff.versions.platform')}
          options={PLATFORMS.map((p) => ({ value: p, label: t(`staff.versions.platforms.${p}`) }))}
          value={draft.platform}
          onChange={(e) => setDraft({ ...draft, platform: e.target.value })}
        />
      </div>
      <TextArea
        label={t('staff.versions.notes')}
        value={draft.notes}
        rows={3}
        onChange={(e) => setDraft({ ...draft, notes: e.target.value })}
      />
      <TextField
        label={t('staff.versions.url')}
        optional
        type="url"
        value={draft.url}
        onChange={(e) => setDraft({ ...draft, url: e.target.value })}
        hint={t('staff.versions.urlHint')}
      />
      <label className="check">
        <input
          type="checkbox"
          checked={draft.mandatory}
          onChange={(e) => setDraft({ ...draft, mandatory: e.target.checked })}
        />
        <span>{t('staff.versions.mandatory')}</span>
      </label>
      <Button type="submit" loading={add.isPending}>
        {t('staff.versions.add')}
      </Button>
    </form>
  );
}

export function VersionList() {
  const { t } = useTranslation();
  const query = useStaffVersions();
  const remove = useDeleteVersion();
  const [deleting, setDeleting] = useState<StaffVersion | null>(null);
  if (query.isPending) return <Spinner large label={t('common.loading')} />;
  const versions = query.data ?? [];
  return (
    <section aria-labelledby="version-list">
      <h2 id="version-list" className="staff-section-title">
        {t('staff.versions.released')}
      </h2>
      {versions.length === 0 ? (
        <p className="muted">{t('staff.versions.none')}</p>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{t('staff.versions.version')}</th>
                <th scope="col">{t('staff.versions.platform')}</th>
                <th scope="col">{t('staff.versions.notes')}</th>
                <th scope="col">{t('staff.versions.released')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('staff.versions.delete')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => (
                <tr key={v.id} data-testid="staff-version">
                  <th scope="row">
                    {v.version}
                    {v.mandatory && (
                      <span className="badge badge-danger">
                        {t('staff.versions.mandatoryShort')}
                      </span>
                    )}
                  </th>
                  <td>{v.platform}</td>
                  <td className="staff-text">
                    {v.notes}
                    {v.url && (
                      <>
                        <br />
                        <a href={v.url} target="_blank" rel="noreferrer">
                          {v.url}
                        </a>
                      </>
                    )}
                  </td>
                  <td>{when(v.releasedAt)}</td>
                  <td>
                    <Button
                      variant="ghost"
                      small
                      onClick={() => setDeleting(v)}
                      aria-label={t('staff.versions.deleteOne', {
                        version: v.version,
                        platform: v.platform,
                      })}
                    >
                      {t('staff.versions.delete')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t('staff.versions.deleteTitle', {
          version: deleting?.version ?? '',
          platform: deleting?.platform ?? '',
        })}
        message={t('staff.versions.deleteBody')}
        confirmLabel={t('staff.versions.delete')}
        busy={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              showToast(t('staff.versions.deleted'), 'success');
            },
          });
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
