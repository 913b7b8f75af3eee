// Settings' Notifications section: whether this device shows them (on; off with Turn on; blocked
// with how to allow them again), a switch per kind, and quiet hours in the person's time zone.
// The switches and hours are the account's (all its devices) and are saved at once.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/Field';
import { Skeleton } from '../../../components/Skeleton';
import { Switch } from '../../../components/Switch';
import { BellIcon } from '../../../components/icons';
import type { TranslationKey } from '../../../i18n';
import { isAppleMobile, isStandalone } from '../../../lib/install-prompt';
import { showToast } from '../../../lib/toast';
import { usePushSettings, useSavePushSettings } from '../api/settings';
import { usePushPermission } from '../permission';
import {
  DEFAULT_QUIET_HOURS,
  PUSH_KINDS,
  type PushKind,
  type PushSettings,
  type QuietHours,
  browserTimeZone,
  isTime,
} from '../settings';
import { turnOnPush } from '../turn-on';
import { BlockedHowTo } from './BlockedHowTo';
import './notify.css';

export function NotificationSettings() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="notify-title" data-testid="notification-settings">
      <h2 className="section-title" id="notify-title">
        {t('notify.title')}
      </h2>
      <div className="settings-block">
        <DeviceState />
        <Preferences />
      </div>
    </section>
  );
}

/** This device: on, off (Turn on), blocked (how to allow), or not possible here. */
function DeviceState() {
  const { t } = useTranslation();
  const permission = usePushPermission();
  const [busy, setBusy] = useState(false);
  const badge = {
    granted: { text: t('notify.stateOn'), className: 'badge badge-success' },
    default: { text: t('notify.stateOff'), className: 'badge' },
    denied: { text: t('notify.stateBlocked'), className: 'badge badge-accent' },
    unsupported: { text: t('notify.stateUnavailable'), className: 'badge' },
  }[permission];

  const turnOn = () => {
    setBusy(true);
    void turnOnPush().then((result) => {
      setBusy(false);
      if (result === 'on') showToast(t('notify.turnedOn'), 'success');
      if (result === 'failed') showToast(t('notify.failed'), 'error');
    });
  };

  return (
    <div className="notify-device">
      <div className="list-item" style={{ cursor: 'default' }}>
        <BellIcon />
        <span className="grow">{t('notify.thisDevice')}</span>
        <span className={badge.className} data-testid="push-state">
          {badge.text}
        </span>
      </div>
      {permission === 'default' && (
        <div className="notify-device-body">
          <p className="muted">{t('notify.offBody')}</p>
          <Button small onClick={turnOn} loading={busy} data-testid="push-turn-on">
            {t('notify.turnOn')}
          </Button>
        </div>
      )}
      {permission === 'denied' && (
        <div className="notify-device-body">
          <BlockedHowTo />
        </div>
      )}
      {permission === 'unsupported' && (
        <div className="notify-device-body">
          <p className="muted">
            {isAppleMobile() && !isStandalone()
              ? t('notify.iosInstallFirst')
              : t('notify.unsupported')}
          </p>
        </div>
      )}
    </div>
  );
}

const KIND_LABEL = {
  messages: 'notify.kind.messages',
  likes: 'notify.kind.likes',
  visitors: 'notify.kind.visitors',
  matches: 'notify.kind.matches',
  gifts: 'notify.kind.gifts',
  announcements: 'notify.kind.announcements',
} as const satisfies Record<PushKind, TranslationKey>;

/** The account's switches and quiet hours, as the server has them. */
function Preferences() {
  const { t } = useTranslation();
  const settings = usePushSettings();
  const save = useSavePushSettings();
  if (settings.isPending) {
    return (
      <div className="notify-loading" aria-busy="true">
        <Skeleton height={44} />
        <Skeleton height={44} />
        <Skeleton height={44} />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <div className="notify-device-body" role="alert">
        <p className="muted">{t('notify.loadFailed')}</p>
        <Button small variant="outline" onClick={() => void settings.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  const current = settings.data;
  return (
    <>
      <h3 className="notify-subtitle">{t('notify.kindsTitle')}</h3>
      <div className="notify-switches">
        {PUSH_KINDS.map((kind) => (
          <Switch
            key={kind}
            label={t(KIND_LABEL[kind])}
            checked={current[kind]}
            onChange={(on) => save.mutate({ [kind]: on })}
            data-testid={`push-kind-${kind}`}
          />
        ))}
      </div>
      <QuietHoursBlock
        settings={current}
        onChange={(quietHours) => save.mutate({ quietHours })}
        onUseMyZone={() => save.mutate({})}
      />
    </>
  );
}

function QuietHoursBlock({
  settings,
  onChange,
  onUseMyZone,
}: {
  settings: PushSettings;
  onChange: (quietHours: QuietHours | null) => void;
  onUseMyZone: () => void;
}) {
  const { t } = useTranslation();
  const quiet = settings.quietHours ?? null;
  const myZone = browserTimeZone();
  return (
    <div className="notify-quiet">
      <div className="notify-switches">
        <Switch
          label={t('notify.quietHours')}
          hint={t('notify.quietHint')}
          checked={quiet !== null}
          onChange={(on) => onChange(on ? DEFAULT_QUIET_HOURS : null)}
          data-testid="push-quiet"
        />
      </div>
      {quiet && (
        <fieldset className="notify-quiet-times">
          <legend className="visually-hidden">{t('notify.quietHours')}</legend>
          <TimeField
            label={t('notify.quietFrom')}
            value={quiet.from}
            other={quiet.to}
            onSave={(from) => onChange({ ...quiet, from })}
          />
          <TimeField
            label={t('notify.quietTo')}
            value={quiet.to}
            other={quiet.from}
            onSave={(to) => onChange({ ...quiet, to })}
          />
        </fieldset>
      )}
      <p className="notify-zone" data-testid="push-time-zone">
        {t('notify.timeZone', { zone: settings.timeZone })}
        {settings.timeZone !== myZone && (
          <>
            {' '}
            <button type="button" className="link-button" onClick={onUseMyZone}>
              {t('notify.useMyZone', { zone: myZone })}
            </button>
          </>
        )}
      </p>
    </div>
  );
}

/**
 * A time of day, saved as soon as it is a whole time different from the stored one; never the
 * same as the other end (`other`): quiet hours from 22:00 to 22:00 would be no hours at all.
 */
function TimeField({
  label,
  value,
  other,
  onSave,
}: {
  label: string;
  value: string;
  other: string;
  onSave: (time: string) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  // The stored time changed (saved, or taken back): the field shows it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  return (
    <TextField
      label={label}
      type="time"
      step={60}
      value={draft}
      error={draft === other ? t('notify.quietSame') : null}
      onChange={(e) => {
        const next = e.target.value;
        setDraft(next);
        if (isTime(next) && next !== value && next !== other) onSave(next);
      }}
    />
  );
}
