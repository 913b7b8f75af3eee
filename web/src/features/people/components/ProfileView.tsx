// A person's profile page and what I can do there (like, message, remark, block, report).
import './people.css';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppBar } from '../../../components/AppBar';
import { Button } from '../../../components/Button';
import { ActionSheet, ConfirmDialog } from '../../../components/Dialog';
import {
  BlockIcon,
  ChatIcon,
  EditIcon,
  FlagIcon,
  MoreIcon,
  UserCheckIcon,
  UserPlusIcon,
} from '../../../components/icons';
import { TranslateSlot } from '../../../components/TranslateSlot';
import { chatHref, paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useBlock } from '../api/block';
import { useAddContact, useRemoveContact } from '../api/contacts';
import { useLikeState } from '../api/like';
import type { Profile } from '../api/types';
import { displayName } from '../display';
import { LikeButton } from './LikeButton';
import { ProfileHead, ProfileHero } from './ProfileSummary';
import { RemarkDialog } from './RemarkDialog';
import { ReportDialog } from './ReportDialog';

type Open = 'none' | 'more' | 'remark' | 'block' | 'report';

/**
 * A person's profile: big photo, name (my remark first), age, country, language, online state,
 * VIP badge and signature, with Like, Message, contacts, remark, block and report. My own
 * profile shows the same card with a link to edit it.
 */
export function ProfileView({
  profile,
  onBlocked,
  children,
}: {
  profile: Profile;
  onBlocked: () => void;
  /** What the page adds about the person (another feature's), under About me. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>('none');
  const close = () => setOpen('none');
  const name = displayName(profile);
  const like = useLikeState(profile.userId, { liked: profile.liked, mutual: profile.mutual });
  const addContact = useAddContact();
  const removeContact = useRemoveContact();
  const block = useBlock();

  const toggleContact = () => {
    if (profile.contact) {
      removeContact.mutate(profile.userId, {
        onSuccess: () => showToast(t('people.contactRemoved', { name }), 'success'),
      });
    } else {
      addContact.mutate(profile.userId, {
        onSuccess: () => showToast(t('people.contactAdded', { name }), 'success'),
      });
    }
  };

  const doBlock = () =>
    block.mutate(profile.userId, {
      onSuccess: () => {
        close();
        showToast(t('people.blocked', { name }), 'success');
        onBlocked();
      },
      onError: close,
    });

  return (
    <>
      <AppBar
        title={profile.mine ? t('people.myProfile') : name}
        back
        end={
          !profile.mine && (
            <button
              type="button"
              className="icon-btn"
              aria-label={t('people.more')}
              onClick={() => setOpen('more')}
            >
              <MoreIcon />
            </button>
          )
        }
      />
      <article className="profile" data-testid="profile">
        <ProfileHero profile={profile} />
        <div className="profile-body">
          <ProfileHead profile={profile} mutual={like.mutual} />

          <section className="profile-about">
            <h3>{t('fields.signature')}</h3>
            <p className={profile.signature ? undefined : 'muted'}>
              {profile.signature || t('people.noSignature')}
            </p>
            {profile.signature && !profile.mine && (
              <TranslateSlot
                kind="about"
                id={profile.userId}
                text={profile.signature}
                language={profile.language}
                authorId={profile.userId}
              />
            )}
          </section>
          {children}

          {profile.mine ? (
            <div className="profile-actions">
              <Link className="btn btn-primary" to={`${paths.settings}?view=profile`}>
                <EditIcon />
                {t('people.editProfile')}
              </Link>
            </div>
          ) : (
            <>
              <div className="profile-actions">
                <LikeButton
                  userId={profile.userId}
                  name={name}
                  fallback={{ liked: profile.liked, mutual: profile.mutual }}
                  variant="button"
                  person={profile}
                />
                <Link className="btn btn-secondary" to={chatHref(profile)}>
                  <ChatIcon />
                  {t('people.message')}
                </Link>
              </div>
              <div className="profile-more-actions">
                <Button
                  variant="outline"
                  small
                  onClick={toggleContact}
                  loading={addContact.isPending || removeContact.isPending}
                  data-testid="contact-button"
                >
                  {profile.contact ? <UserCheckIcon size={18} /> : <UserPlusIcon size={18} />}
                  {profile.contact ? t('people.removeContact') : t('people.addContact')}
                </Button>
                <Button variant="outline" small onClick={() => setOpen('remark')}>
                  <EditIcon size={18} />
                  {t('people.editRemark')}
                </Button>
              </div>
            </>
          )}
        </div>
      </article>

      {!profile.mine && (
        <>
          <ActionSheet
            open={open === 'more'}
            onClose={close}
            title={name}
            actions={[
              {
                label: (
                  <>
                    <FlagIcon size={20} />
                    {t('people.report')}
                  </>
                ),
                onSelect: () => setOpen('report'),
              },
              {
                label: (
                  <>
                    <BlockIcon size={20} />
                    {t('people.block')}
                  </>
                ),
                danger: true,
                onSelect: () => setOpen('block'),
              },
            ]}
          />
          <ConfirmDialog
            open={open === 'block'}
            danger
            title={t('people.blockTitle', { name })}
            message={t('people.blockBody', { name })}
            confirmLabel={t('people.block')}
            busy={block.isPending}
            onConfirm={doBlock}
            onCancel={close}
          />
          <ReportDialog
            open={open === 'report'}
            onClose={close}
            userId={profile.userId}
            name={name}
          />
          <RemarkDialog
            open={open === 'remark'}
            onClose={close}
            userId={profile.userId}
            userName={profile.userName}
            remark={profile.remark}
          />
        </>
      )}
    </>
  );
}
