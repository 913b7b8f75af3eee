// A group's members, with their roles, and what my role lets me do: add people, rename the group
// and change its picture (owner, admin), remove someone (the owner anyone, an admin members), make
// or unmake an admin and hand the group over (owner), mute it for me, leave, dissolve it (owner),
// and report it (anyone else). The server says no in my language when it does (the request helper
// shows it).
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { ActionSheet, ConfirmDialog, Dialog, type SheetAction } from '../../../components/Dialog';
import { PickedImageError, readPicked } from '../../../lib/picked-image';
import { showToast } from '../../../lib/toast';
import { type GroupChange, useChangeGroup } from '../api/members';
import { ADMIN, type Group, type GroupMember, MEMBER, OWNER } from '../api/types';
import { memberActions, roleKey } from '../roles';
import { AddPeopleDialog, RenameGroupDialog } from './GroupEditDialogs';
import { MuteButton } from './MuteButton';
import type { Candidate } from './PeoplePicker';
import { ReportGroupDialog } from './ReportGroupDialog';
import './groups.css';

type Asking =
  | { kind: 'remove' | 'handOver'; member: GroupMember }
  | { kind: 'leave' | 'dissolve' | 'rename' | 'add' | 'report' };

export function MembersSheet({
  open,
  onClose,
  group,
  me,
  people,
  onGone,
}: {
  open: boolean;
  onClose: () => void;
  group: Group;
  me: number | null;
  /** Who may be added (those already in the group are left out here). */
  people: readonly Candidate[];
  /** I left the group or dissolved it. */
  onGone: () => void;
}) {
  const { t } = useTranslation();
  const change = useChangeGroup(group.id);
  const [picked, setPicked] = useState<GroupMember | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const mine = group.ended ? null : group.myRole;
  const inGroup = new Set(group.members.map((m) => m.userId));
  const addable = people.filter((p) => !inGroup.has(p.userId));

  const run = (what: GroupChange, then?: () => void) =>
    change.mutate(what, {
      onSuccess: () => {
        setAsking(null);
        then?.();
      },
    });

  const actionsFor = (member: GroupMember): SheetAction[] =>
    memberActions(mine, member, me).map((action) => {
      switch (action) {
        case 'makeAdmin':
          return {
            label: t('groups.makeAdmin'),
            onSelect: () => run({ kind: 'role', userId: member.userId, role: ADMIN }),
          };
        case 'unmakeAdmin':
          return {
            label: t('groups.unmakeAdmin'),
            onSelect: () => run({ kind: 'role', userId: member.userId, role: MEMBER }),
          };
        case 'handOver':
          return {
            label: t('groups.handOver'),
            onSelect: () => setAsking({ kind: 'handOver', member }),
          };
        case 'remove':
          return {
            label: t('groups.remove'),
            danger: true,
            onSelect: () => setAsking({ kind: 'remove', member }),
          };
      }
    });

  const pictureInput = useRef<HTMLInputElement>(null);
  const [readingPicture, setReadingPicture] = useState(false);
  // Drawn again small before it goes: the group shows it as a thumbnail only.
  const changePicture = async (file: File | undefined) => {
    if (pictureInput.current) pictureInput.current.value = '';
    if (!file) return;
    setReadingPicture(true);
    try {
      run({ kind: 'picture', avatar: await readPicked(file, 1024, 0.88) });
    } catch (err) {
      const problem = err instanceof PickedImageError ? err.problem : 'unreadable';
      showToast(
        t(
          problem === 'notImage'
            ? 'chat.notAnImage'
            : problem === 'tooLarge'
              ? 'chat.imageTooLarge'
              : 'errors.generic',
        ),
        'error',
      );
    } finally {
      setReadingPicture(false);
    }
  };

  const pickedActions = picked ? actionsFor(picked) : [];
  const manager = mine === OWNER || mine === ADMIN;

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        title={t('groups.membersCount', { count: group.members.length })}
        sheet
        className="group-members"
      >
        <ul className="list" data-testid="group-members">
          {group.members.map((m) => {
            const actions = actionsFor(m);
            const you = m.userId === me;
            const body = (
              <>
                <Avatar src={m.avatar} name={m.userName} size={40} alt="" />
                <span className="grow">
                  {m.userName}
                  {you && <span className="muted"> ({t('groups.youLabel')})</span>}
                </span>
                <span className={`group-role role-${m.role}`}>{t(roleKey(m.role))}</span>
              </>
            );
            return (
              <li key={m.userId}>
                {actions.length > 0 ? (
                  <button
                    type="button"
                    className="list-item"
                    data-testid="group-member"
                    aria-label={t('groups.memberActions', { name: m.userName })}
                    onClick={() => setPicked(m)}
                  >
                    {body}
                  </button>
                ) : (
                  <div className="list-item" data-testid="group-member">
                    {body}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        {mine !== null && (
          <div className="group-actions">
            {manager && (
              <Button variant="secondary" block onClick={() => setAsking({ kind: 'add' })}>
                {t('groups.addPeople')}
              </Button>
            )}
            {manager && (
              <Button variant="outline" block onClick={() => setAsking({ kind: 'rename' })}>
                {t('groups.rename')}
              </Button>
            )}
            {manager && (
              <>
                <Button
                  variant="outline"
                  block
                  loading={
                    readingPicture || (change.isPending && change.variables.kind === 'picture')
                  }
                  onClick={() => pictureInput.current?.click()}
                >
                  {t('groups.changePicture')}
                </Button>
                <input
                  ref={pictureInput}
                  type="file"
                  accept="image/*"
                  hidden
                  data-testid="group-picture-input"
                  onChange={(e) => void changePicture(e.target.files?.[0])}
                />
              </>
            )}
            <MuteButton
              mutedUntil={group.mutedUntil}
              busy={change.isPending && change.variables.kind === 'mute'}
              onMute={(mute) => run({ kind: 'mute', for: mute })}
            />
            {mine === OWNER ? (
              <>
                <p className="muted group-hint">{t('groups.ownerLeaves')}</p>
                <Button variant="danger" block onClick={() => setAsking({ kind: 'dissolve' })}>
                  {t('groups.dissolve')}
                </Button>
              </>
            ) : (
              <Button variant="danger" block onClick={() => setAsking({ kind: 'leave' })}>
                {t('groups.leave')}
              </Button>
            )}
          </div>
        )}
        {group.myRole !== OWNER && (
          // Anyone shown the group may report it, a former member too; its owner answers for it.
          <div className="group-actions">
            <Button variant="outline" block onClick={() => setAsking({ kind: 'report' })}>
              {t('groups.report')}
            </Button>
          </div>
        )}
        <div className="sheet-form-actions">
          <Button variant="outline" block onClick={onClose}>
            {t('common.close')}
          </Button>
        </div>
      </Dialog>
      <ActionSheet
        open={picked !== null}
        onClose={() => setPicked(null)}
        title={picked?.userName}
        actions={pickedActions}
      />
      <ConfirmDialog
        open={asking?.kind === 'remove'}
        title={t('groups.removeTitle', {
          name: asking?.kind === 'remove' ? asking.member.userName : '',
        })}
        confirmLabel={t('groups.remove')}
        danger
        busy={change.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking?.kind === 'remove') run({ kind: 'remove', userId: asking.member.userId });
        }}
      />
      <ConfirmDialog
        open={asking?.kind === 'handOver'}
        title={t('groups.handOverTitle', {
          name: asking?.kind === 'handOver' ? asking.member.userName : '',
        })}
        message={t('groups.handOverBody')}
        confirmLabel={t('groups.handOver')}
        busy={change.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking?.kind === 'handOver') run({ kind: 'handOver', userId: asking.member.userId });
        }}
      />
      <ConfirmDialog
        open={asking?.kind === 'leave'}
        title={t('groups.leaveTitle')}
        message={t('groups.leaveBody')}
        confirmLabel={t('groups.leave')}
        danger
        busy={change.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (me !== null) run({ kind: 'remove', userId: me }, onGone);
        }}
      />
      <ConfirmDialog
        open={asking?.kind === 'dissolve'}
        title={t('groups.dissolveTitle')}
        message={t('groups.dissolveBody')}
        confirmLabel={t('groups.dissolve')}
        danger
        busy={change.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => run({ kind: 'dissolve' }, onGone)}
      />
      <RenameGroupDialog
        open={asking?.kind === 'rename'}
        current={group.name}
        busy={change.isPending}
        onRename={(name) => run({ kind: 'rename', name })}
        onClose={() => setAsking(null)}
      />
      <ReportGroupDialog
        open={asking?.kind === 'report'}
        onClose={() => setAsking(null)}
        groupId={group.id}
        groupName={group.name}
        subject={{ kind: 'group' }}
      />
      <AddPeopleDialog
        open={asking?.kind === 'add'}
        people={addable}
        busy={change.isPending}
        onAdd={(userIds, done) => run({ kind: 'add', userIds }, done)}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
