// The "..." menu of a dynamic and the dialogs it opens: Edit and Delete for my own; Flag and
// Block for someone else's. Flagging and blocking are confirmed first (SPEC section 5).
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionSheet, ConfirmDialog, Dialog } from '../../../components/Dialog';
import { BlockIcon, EditIcon, FlagIcon, TrashIcon } from '../../../components/icons';
import { showToast } from '../../../lib/toast';
import { useBlockAuthor, useDeleteDynamic } from '../api/dynamic';
import type { Dynamic } from '../api/types';
import { EditDynamicForm } from './EditDynamicForm';
import { FlagDynamicForm } from './FlagDynamicForm';

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
        {step === 'edit' && dynamic && <EditDynamicForm dynamic={dynamic} onDone={onClose} />}
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
        {step === 'flag' && dynamic && <FlagDynamicForm dynamic={dynamic} onDone={onClose} />}
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
