// Muting a group's notifications for me: for 8 hours, a week or always, and back on; a message
// that names me (@name) is heard even so.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { ActionSheet } from '../../../components/Dialog';
import { formatDate } from '../../../i18n/format';
import type { MuteFor } from '../api/members';
import { muteOf } from '../mute';

export function MuteButton({
  mutedUntil,
  busy,
  onMute,
}: {
  mutedUntil: string | null | undefined;
  busy: boolean;
  onMute: (mute: MuteFor) => void;
}) {
  const { t } = useTranslation();
  const [choosing, setChoosing] = useState(false);
  // When the sheet opened: a mute that ends while it is open reads as on until it opens again.
  const [now] = useState(Date.now);
  const mute = muteOf(mutedUntil, now);
  const { muted } = mute;
  return (
    <>
      {mute.muted && (
        <p className="muted group-hint" data-testid="group-muted">
          {mute.always
            ? t('groups.mutedAlways')
            : t('groups.mutedUntil', {
                when: formatDate(mute.until, { dateStyle: 'medium', timeStyle: 'short' }),
              })}
        </p>
      )}
      <Button
        variant="outline"
        block
        loading={busy}
        onClick={() => (muted ? onMute('off') : setChoosing(true))}
      >
        {muted ? t('groups.unmute') : t('groups.mute')}
      </Button>
      <ActionSheet
        open={choosing}
        onClose={() => setChoosing(false)}
        title={t('groups.muteTitle')}
        actions={[
          { label: t('groups.muteFor8h'), onSelect: () => onMute('8h') },
          { label: t('groups.muteForWeek'), onSelect: () => onMute('week') },
          { label: t('groups.muteAlways'), onSelect: () => onMute('always') },
        ]}
      />
    </>
  );
}
