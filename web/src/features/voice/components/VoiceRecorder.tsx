// Recording a voice message from the composer: hold the microphone to record and let go to
// look at it, or tap it to start and tap Stop; sliding left while holding cancels. A running
// timer, a stop by itself at 60 seconds, then a preview to play before sending. The microphone is
// asked for only when tapped, and a refusal is said plainly.
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { showToast } from '../../../lib/toast';
import { type UploadedVoice, uploadVoice } from '../api/upload';
import {
  MAX_BYTES,
  MAX_SECONDS,
  barsToDraw,
  clockTime,
  recordingType,
  slideCancels,
  waveformOf,
} from '../voice';
import { MicIcon, StopIcon, TrashIcon } from './icons';
import { VoiceBubble } from './VoiceBubble';
import './voice.css';

/** A press shorter than this is a tap: recording goes on until Stop. */
const TAP_MS = 350;

/** A recording made, before it is sent. */
interface Take {
  blob: Blob;
  previewUrl: string;
  seconds: number;
  waveform: number[];
}

/** What is sent: the upload's key, its length as the server measured it, and the waveform. */
export interface RecordedVoice extends UploadedVoice {
  waveform: number[];
}

type Phase =
  { kind: 'idle' } | { kind: 'starting'; held: boolean } | { kind: 'recording'; held: boolean };

function microphoneAvailable(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    Boolean(navigator.mediaDevices?.getUserMedia) &&
    typeof MediaRecorder !== 'undefined'
  );
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });
}

/** The waveform of a recording, decoded by the browser; none when it cannot decode it. */
async function waveformOfBlob(blob: Blob): Promise<number[]> {
  try {
    const Context =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return [];
    const context = new Context();
    try {
      const decoded = await context.decodeAudioData(await blob.arrayBuffer());
      return waveformOf(decoded.getChannelData(0));
    } finally {
      void context.close();
    }
  } catch {
    return [];
  }
}

export function VoiceRecorder({
  member,
  onNeedMembership,
  onSend,
}: {
  member: boolean;
  onNeedMembership: () => void;
  onSend: (voice: RecordedVoice) => void;
}) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [elapsed, setElapsed] = useState(0);
  const [slide, setSlide] = useState(0);
  const [take, setTake] = useState<Take | null>(null);
  const [sending, setSending] = useState(false);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const startedAt = useRef(0);
  const pressedAt = useRef(0);
  const pressX = useRef(0);
  const keep = useRef(true);
  // Still wanted once the microphone opens (a stop while it is asked for says no).
  const wanted = useRef(false);
  // The press that is going on was a pointer's (its click is not a keyboard's).
  const pointerUsed = useRef(false);
  const timer = useRef<number | null>(null);

  const release = () => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  };

  // Leaving the chat stops the microphone.
  useEffect(
    () => () => {
      keep.current = false;
      if (recorder.current?.state === 'recording') recorder.current.stop();
      release();
    },
    [],
  );

  /** Stops recording: kept (to the preview) or thrown away. */
  const stop = (kept: boolean) => {
    wanted.current = false;
    keep.current = kept;
    setSlide(0);
    const rec = recorder.current;
    if (rec && rec.state !== 'inactive') rec.stop();
    else release();
    setPhase({ kind: 'idle' });
  };

  const finish = async (mimeType: string) => {
    release();
    const seconds = Math.min(MAX_SECONDS, (performance.now() - startedAt.current) / 1000);
    const blob = new Blob(chunks.current, { type: mimeType });
    chunks.current = [];
    recorder.current = null;
    if (!keep.current) return;
    if (blob.size === 0 || seconds < 0.5) {
      showToast(t('voice.tooShort'), 'info');
      return;
    }
    if (blob.size > MAX_BYTES) {
      showToast(t('voice.tooLarge'), 'error');
      return;
    }
    const waveform = await waveformOfBlob(blob);
    setTake({ blob, previewUrl: URL.createObjectURL(blob), seconds, waveform });
  };

  const start = async (held: boolean) => {
    if (!member) {
      onNeedMembership();
      return;
    }
    const type = microphoneAvailable()
      ? recordingType((type) => MediaRecorder.isTypeSupported(type))
      : undefined;
    if (!type) {
      showToast(t('voice.unsupported'), 'error');
      return;
    }
    setPhase({ kind: 'starting', held });
    wanted.current = true;
    let opened: MediaStream;
    try {
      opened = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (e) {
      setPhase({ kind: 'idle' });
      const denied = e instanceof DOMException && e.name === 'NotAllowedError';
      showToast(t(denied ? 'voice.micDenied' : 'voice.micUnavailable'), 'error');
      return;
    }
    if (!wanted.current) {
      opened.getTracks().forEach((track) => track.stop());
      return;
    }
    stream.current = opened;
    const rec = new MediaRecorder(opened, { mimeType: type, audioBitsPerSecond: 32_000 });
    recorder.current = rec;
    chunks.current = [];
    keep.current = true;
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.current.push(e.data);
    };
    rec.onstop = () => void finish(rec.mimeType || type);
    rec.start(250);
    startedAt.current = performance.now();
    setElapsed(0);
    timer.current = window.setInterval(() => {
      const seconds = (performance.now() - startedAt.current) / 1000;
      setElapsed(seconds);
      // A minute at most: it stops by itself, to the preview.
      if (seconds >= MAX_SECONDS) stop(true);
    }, 200);
    setPhase((now) => (now.kind === 'starting' ? { kind: 'recording', held: now.held } : now));
  };

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    pointerUsed.current = true;
    if (phase.kind === 'recording' && !phase.held) {
      // Stop, to the preview.
      stop(true);
      return;
    }
    if (phase.kind !== 'idle') return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    pressedAt.current = performance.now();
    pressX.current = e.clientX;
    void start(true);
  };

  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (phase.kind === 'idle' || !phase.held) return;
    const dx = e.clientX - pressX.current;
    setSlide(Math.min(0, dx));
    if (slideCancels(dx)) stop(false);
  };

  const onPointerUp = () => {
    if (phase.kind === 'idle' || !phase.held) return;
    if (performance.now() - pressedAt.current < TAP_MS) {
      // A tap: it records until Stop.
      setPhase({ ...phase, held: false });
      setSlide(0);
      return;
    }
    stop(true);
  };

  const closePreview = () => {
    if (take) URL.revokeObjectURL(take.previewUrl);
    setTake(null);
  };

  const send = async () => {
    if (!take) return;
    setSending(true);
    try {
      const uploaded = await uploadVoice(await readAsDataUrl(take.blob));
      onSend({ ...uploaded, waveform: take.waveform });
      closePreview();
    } catch {
      // The request said why (a toast).
    } finally {
      setSending(false);
    }
  };

  const recording = phase.kind !== 'idle';
  const held = recording && phase.held;
  return (
    <>
      {recording && (
        <div className="voice-recording" role="status" data-testid="voice-recording">
          <span className="voice-dot" aria-hidden="true" />
          <span className="voice-timer" data-testid="voice-timer">
            {clockTime(Math.floor(elapsed))}
          </span>
          {held ? (
            <span className="voice-slide" style={{ transform: `translateX(${slide / 2}px)` }}>
              ‹ {t('voice.slideToCancel')}
            </span>
          ) : (
            <>
              <span className="grow" />
              <button
                type="button"
                className="icon-btn"
                aria-label={t('voice.cancel')}
                onClick={() => stop(false)}
              >
                <TrashIcon size={20} />
              </button>
            </>
          )}
        </div>
      )}
      <button
        type="button"
        className={`icon-btn voice-mic${recording ? ' voice-mic-on' : ''}`}
        aria-label={recording && !held ? t('voice.stop') : t('voice.record')}
        title={t('voice.holdOrTap')}
        data-testid="voice-mic"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          if (held) stop(false);
        }}
        onContextMenu={(e) => e.preventDefault()}
        onClick={() => {
          if (pointerUsed.current) {
            pointerUsed.current = false;
            return;
          }
          // A keyboard's press: start, or stop to the preview.
          if (recording) stop(true);
          else void start(false);
        }}
      >
        {recording && !held ? <StopIcon size={20} /> : <MicIcon size={22} />}
      </button>
      <Dialog
        open={take !== null}
        onClose={closePreview}
        title={t('voice.previewTitle')}
        actions={
          <>
            <Button variant="outline" onClick={closePreview} disabled={sending}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void send()} loading={sending} data-testid="voice-send">
              {t('voice.send')}
            </Button>
          </>
        }
      >
        {take && (
          <div className="voice-preview">
            <VoiceBubble
              voice={{
                url: take.previewUrl,
                seconds: take.seconds,
                waveform: barsToDraw(take.waveform),
              }}
            />
          </div>
        )}
      </Dialog>
    </>
  );
}
