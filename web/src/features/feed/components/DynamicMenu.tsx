// The "..." menu of a dynamic and the dialogs it opens: Edit and Delete for my own; Flag and
// Block for someone else's. Flagging and blocking are confirmed first (SPEC section 5).
import { type FormEvent, type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { ActionSheet, ConfirmDialog, Dialog } from '../../../components/Dialog';
import { TextArea } from '../../../components/Field';
import { BlockIcon, EditIcon, FlagIcon, TrashIcon } from '../../../components/icons';
import { formatNumber } from '../../../i18n/format';
import { showToast } from '../../../lib/toast';
import { useBlockAuthor, useDeleteDynamic, useEditDynamic, useFlagDynamic } from '../api/dynamic';
import { type Dynamic, FLAG_REASONS, type FlagReason } from '../api/types';
import { CONTENT_MAX, canSaveEdit, charCount } from '../rules';

type Step = 'menu' | 'edit' | 'delete' | 'flag' | 'block';

export interface DynamicMenuOptions {
  /** After my dynamic is deleted (the detail page leaves). */
  onDeleted?: (dynamic: Dynamic) => void;
  /** After its author is blocked (other features forget them too). */
  onBlocked?: (userId: number) => void;
}

/** The menu of whichever dynamic asked for it, and its dialogs, rendered once per page. */
export function useDynamicMenu({ onDeleted, onBlocked }: DynamicMenuOptions = {}): {
  openMenu: (dynamic: Dynamic) => void;
  dialogs: ReactNode;
} {
  const [target, setTarget] = useState<{ dynamic: Dynamic; step: Step } | null>(null);
  const openMenu = useCallback((dynamic: Dynamic) => setTarget({ dynamic, step: 'menu' }), []);
  const close = useCallback(() => setTarget(null), []);
  const dialogs = (
    <DynamicDialogs
      target={target}
      // The sheet closes (target null) and then names the next step: both land together.
      onStep={(step) => target && setTarget({ dynamic: target.dynamic, step })}
      onClose={close}
      onDeleted={onDeleted}
      onBlocked={onBlocked}
    />
  );
  return { openMenu, dialogs };
}

function DynamicDialogs({
  target,
  onStep,
  onClose,
  onDeleted,
  onBlocked,
}: {
  target: { dynamic: Dynamic; step: Step } | null;
  onStep: (step: Step) => void;
  onClose: () => void;
} & DynamicMenuOptions) {
  const { t } = useTranslation();
  const remove = useDeleteDynamic();
  const block = useBlockAuthor();
  const step = target?.step ?? null;
  const dynamic = target?.dynamic;
  const name = dynamic?.userName ?? '';
  const mine = dynamic?.mine ?? false;

  const doDelete = () => {
    if (!dynamic) return;
    remove.mutate(dynamic.id, {
      onSuccess: () => {
        onClose();
        showToast(t('feed.deleted'), 'success');
        onDeleted?.(dynamic);
      },
    });
  };
  const doBlock = () => {
    if (!dynamic) return;
    block.mutate(dynamic.userId, {
      onSuccess: () => {
        onClose();
        showToast(t('feed.blocked', { name }), 'success');
        onBlocked?.(dynamic.userId);
      },
    });
  };

  const actions = mine
    ? [
        {
          label: (
            <>
              <EditIcon size={20} />
              {t('feed.edit')}
            </>
          ),
          onSelect: () => onStep('edit'),
        },
        {
          label: (
            <>
              <TrashIcon size={20} />
              {t('feed.delete')}
            </>
          ),
          danger: true,
          onSelect: () => onStep('delete'),
        },
      ]
    : [
        {
          label: (
            <>
              <FlagIcon size={20} />
              {t('feed.flag')}
            </>
          ),
          onSelect: () => onStep('flag'),
        },
        {
          label: (
            <>
              <BlockIcon size={20} />
              {t('feed.block')}
            </>
          ),
          danger: true,
          onSelect: () => onStep('block'),
        },
      ];

  return (
    <>
      <ActionSheet
        open={step === 'menu'}
        onClose={onClose}
        title={mine ? t('feed.myPost') : t('feed.postBy', { name })}
        actions={actions}
      />
      <Dialog open={step === 'edit'} onClose={onClose} title={t('feed.editTitle')} sheet>
        {step === 'edit' && dynamic && <EditForm dynamic={dynamic} onDone={onClose} />}
      </Dialog>
      <ConfirmDialog
        open={step === 'delete'}
        danger
        title={t('feed.deleteTitle')}
        message={t('feed.deleteBody')}
        confirmLabel={t('feed.delete')}
        busy={remove.isPending}
        onConfirm={doDelete}
        onCancel={onClose}
      />
      <Dialog
        open={step === 'flag'}
        onClose={onClose}
        title={t('feed.flagFormTitle', { name })}
        sheet
      >
        {step === 'flag' && dynamic && <FlagForm dynamic={dynamic} onDone={onClose} />}
      </Dialog>
      <ConfirmDialog
        open={step === 'block'}
        danger
        title={t('feed.blockTitle', { name })}
        message={t('feed.blockBody', { name })}
        confirmLabel={t('feed.block')}
        busy={block.isPending}
        onConfirm={doBlock}
        onCancel={onClose}
      />
    </>
  );
}

function EditForm({ dynamic, onDone }: { dynamic: Dynamic; onDone: () => void }) {
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

function FlagForm({ dynamic, onDone }: { dynamic: Dynamic; onDone: () => void }) {
  const { t } = useTranslation();
  const flag = useFlagDynamic();
  const [reason, setReason] = useState<FlagReason | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The reason first, then "Are you sure?", as a report of a person asks (SPEC section 5).
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) {
      setError(t('feed.chooseReason'));
      return;
    }
    setConfirming(true);
  };
  const send = () => {
    if (!reason) return;
    flag.mutate(
      { id: dynamic.id, reason },
      {
        onSuccess: () => {
          showToast(t('feed.flagged'), 'success');
          onDone();
        },
        onSettled: () => setConfirming(false),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <fieldset
        className={error ? 'field invalid' : 'field'}
        aria-describedby={error ? 'flag-reason-error' : undefined}
      >
        <legend className="field-label">{t('feed.flagReason')}</legend>
        <div className="dyn-reasons">
          {FLAG_REASONS.map((r) => (
            <label key={r} className={reason === r ? 'dyn-reason checked' : 'dyn-reason'}>
              <input
                type="radio"
                name="flag-reason"
                value={r}
                checked={reason === r}
                onChange={() => {
                  setReason(r);
                  setError(null);
                }}
              />
              {t(`feed.reasons.${r}`)}
            </label>
          ))}
        </div>
        {error && (
          <span className="field-error" id="flag-reason-error" role="alert">
            {error}
          </span>
        )}
      </fieldset>
      <div className="dialog-actions sheet-form-actions">
        <Button variant="outline" onClick={onDone} disabled={flag.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="danger">
          {t('feed.flagSend')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        danger
        title={t('feed.flagTitle')}
        message={t('feed.flagBody', { name: dynamic.userName })}
        confirmLabel={t('feed.flagSend')}
        busy={flag.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
