// Editing my dynamic's text: the count of characters used, and Save once it can be saved.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { TextArea } from '../../../components/Field';
import { formatNumber } from '../../../i18n/format';
import { showToast } from '../../../lib/toast';
import { useEditDynamic } from '../api/dynamic';
import type { Dynamic } from '../api/types';
import { CONTENT_MAX, canSaveEdit, charCount } from '../rules';

export function EditDynamicForm({ dynamic, onDone }: { dynamic: Dynamic; onDone: () => void }) {
  const { t } = useTranslation();
  const edit = useEditDynamic();
  const [content, setContent] = useState(dynamic.content);
  const used = charCount(content.trim());
  const tooLong = used > CONTENT_MAX;
  const empty = !content.trim() && dynamic.images.length === 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSaveEdit(content, dynamic.images.length, dynamic.content)) return;
    edit.mutate(
      { id: dynamic.id, content: content.trim() },
      {
        onSuccess: () => {
          showToast(t('feed.saved'), 'success');
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextArea
        label={t('feed.text')}
        value={content}
        rows={6}
        onChange={(e) => setContent(e.target.value)}
        error={
          tooLong
            ? t('feed.tooLong', { max: formatNumber(CONTENT_MAX) })
            : empty
              ? t('feed.emptyEdit')
              : null
        }
        hint={t('feed.charsUsed', { used: formatNumber(used), max: formatNumber(CONTENT_MAX) })}
        data-testid="edit-text"
      />
      <div className="dialog-actions sheet-form-actions">
        <Button variant="outline" onClick={onDone} disabled={edit.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          loading={edit.isPending}
          disabled={!canSaveEdit(content, dynamic.images.length, dynamic.content)}
        >
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
