// "Verify your photos": my standing, and when I may send, the pose to copy, the front camera's
// live preview, the shot, and sending it to our team.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from '../../../components/Button';
import { VerifiedBadge } from '../../../components/VerifiedBadge';
import { CameraIcon, ClockIcon, LockIcon } from '../../../components/icons';
import { formatDate } from '../../../i18n/format';
import { ApiError } from '../../../lib/request';
import {
  type Pose,
  type VerificationStatus,
  usePose,
  useSendSelfie,
  useVerificationStatus,
} from '../api/verification';
import { cameraAvailable, openFrontCamera, stopCamera, takeShot } from '../camera';
import './verification.css';

/** Whether a new selfie may be sent now. */
export function maySend(status: VerificationStatus, now = Date.now()): boolean {
  switch (status.state) {
    case 'none':
    case 'changed':
      return true;
    case 'rejected':
      return !status.retryAt || new Date(status.retryAt).getTime() <= now;
    default:
      return false;
  }
}

export function VerifyPhotos() {
  const { t } = useTranslation();
  const status = useVerificationStatus();
  if (status.isPending) return <Spinner large label={t('common.loading')} />;
  if (!status.data) {
    return (
      <section className="center-view" role="alert">
        <p>{t('errors.generic')}</p>
        <Button onClick={() => void status.refetch()}>{t('common.retry')}</Button>
      </section>
    );
  }
  return <Standing status={status.data} />;
}

function Standing({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation();
  const open = maySend(status);
  return (
    <div className="verify" data-testid="verification" data-state={status.state}>
      {status.state === 'verified' && (
        <section className="verify-state verify-done">
          <VerifiedBadge size={40} />
          <h2>{t('verification.verifiedTitle')}</h2>
          <p>{t('verification.verifiedBody')}</p>
        </section>
      )}
      {status.state === 'pending' && (
        <section className="verify-state">
          <ClockIcon size={36} />
          <h2>{t('verification.pendingTitle')}</h2>
          <p>{t('verification.pendingBody')}</p>
        </section>
      )}
      {status.state === 'rejected' && (
        <section className="verify-state verify-rejected" role="status">
          <h2>{t('verification.rejectedTitle')}</h2>
          {status.reason && <p>{t(`verification.reason.${status.reason}`)}</p>}
          {!open && status.retryAt && (
            <p className="verify-retry">
              {t('verification.retryAt', {
                time: formatDate(status.retryAt, { dateStyle: 'medium', timeStyle: 'short' }),
              })}
            </p>
          )}
        </section>
      )}
      {status.state === 'changed' && (
        <section className="verify-state">
          <h2>{t('verification.changedTitle')}</h2>
          <p>{t('verification.changedBody')}</p>
        </section>
      )}
      {open && <TakeSelfie intro={status.state === 'none'} />}
    </div>
  );
}

type Phase =
  | { kind: 'ready' }
  | { kind: 'camera' }
  | { kind: 'shot'; selfie: string }
  | { kind: 'refused'; reason: 'denied' | 'none' };

function TakeSelfie({ intro }: { intro: boolean }) {
  const { t } = useTranslation();
  const pose = usePose(true);
  const send = useSendSelfie();
  const [phase, setPhase] = useState<Phase>(
    cameraAvailable() ? { kind: 'ready' } : { kind: 'refused', reason: 'none' },
  );
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);

  useEffect(() => () => stopCamera(stream.current), []);

  const start = async () => {
    try {
      stream.current = await openFrontCamera();
      setPhase({ kind: 'camera' });
    } catch (err) {
      const none = err instanceof DOMException && err.name === 'NotFoundError';
      setPhase({ kind: 'refused', reason: none ? 'none' : 'denied' });
    }
  };
  useEffect(() => {
    if (phase.kind === 'camera' && video.current && stream.current) {
      video.current.srcObject = stream.current;
      void video.current.play().catch(() => undefined);
    }
  }, [phase.kind]);

  const shoot = () => {
    if (!video.current || video.current.videoWidth === 0) return;
    const selfie = takeShot(video.current);
    stopCamera(stream.current);
    stream.current = null;
    setPhase({ kind: 'shot', selfie });
  };
  const submit = (selfie: string) => {
    if (pose.data) send.mutate({ pose: pose.data.id, selfie });
  };
  const error =
    send.error instanceof ApiError ? send.error.message : send.error ? t('errors.generic') : null;

  return (
    <section className="verify-take" aria-labelledby="verify-pose-title">
      {intro && <p className="verify-intro">{t('verification.intro')}</p>}
      <div className="verify-stage">
        <PoseCard pose={pose.data} />
        {phase.kind === 'camera' && (
          <div className="verify-frame">
            <video
              ref={video}
              className="verify-video"
              playsInline
              muted
              autoPlay
              data-testid="camera-preview"
            />
          </div>
        )}
        {phase.kind === 'shot' && (
          <div className="verify-frame">
            <img className="verify-video" src={phase.selfie} alt={t('verification.yourSelfie')} />
          </div>
        )}
      </div>
      {phase.kind === 'refused' && (
        <p className="verify-refused" role="alert">
          {phase.reason === 'none' ? t('verification.noCamera') : t('verification.cameraDenied')}
        </p>
      )}
      {error && (
        <p className="verify-refused" role="alert">
          {error}
        </p>
      )}
      <div className="verify-actions">
        {(phase.kind === 'ready' || phase.kind === 'refused') && (
          <Button onClick={() => void start()} disabled={!pose.data}>
            <CameraIcon size={20} /> {t('verification.openCamera')}
          </Button>
        )}
        {phase.kind === 'camera' && (
          <Button onClick={shoot}>
            <CameraIcon size={20} /> {t('verification.takePhoto')}
          </Button>
        )}
        {phase.kind === 'shot' && (
          <>
            <Button variant="outline" disabled={send.isPending} onClick={() => void start()}>
              {t('verification.retake')}
            </Button>
            <Button loading={send.isPending} onClick={() => submit(phase.selfie)}>
              {t('verification.send')}
            </Button>
          </>
        )}
      </div>
      <p className="verify-privacy muted">
        <LockIcon size={16} /> {t('verification.privacy')}
      </p>
    </section>
  );
}

function PoseCard({ pose }: { pose: Pose | undefined }) {
  const { t } = useTranslation();
  return (
    <figure className="verify-pose">
      {pose ? (
        <img
          src={pose.image}
          alt={t(`verification.pose.${pose.id as PoseId}`)}
          width={120}
          height={120}
        />
      ) : (
        <span className="verify-pose-empty" />
      )}
      <figcaption id="verify-pose-title">
        <strong>{t('verification.copyPose')}</strong>
        {pose && <span data-testid="pose-name">{t(`verification.pose.${pose.id as PoseId}`)}</span>}
      </figcaption>
    </figure>
  );
}

type PoseId = 'hand_raised' | 'thumbs_up' | 'peace_sign' | 'touching_ear' | 'hand_on_chin';
