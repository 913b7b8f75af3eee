// A voice message in the chat: play and pause, its waveform filling as it plays (tap it to go
// to that point), its length (the time played while it plays), and its speed, 1x, 1.5x or 2x.
// When it ends, the next voice message below it plays.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format';
import * as player from '../player';
import { type Speed, type Voice, barsToDraw, clockTime, nextSpeed } from '../voice';
import { PauseIcon, PlayIcon } from './icons';
import './voice.css';

export function VoiceBubble({
  voice,
  onExpired,
}: {
  voice: Voice;
  /** The address stopped working (a signed one expires, say): given it. */
  onExpired?: (url: string) => void;
}) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [speed, setSpeed] = useState<Speed>(1);
  const seconds = voice.seconds > 0 ? voice.seconds : 0;
  const bars = barsToDraw(voice.waveform);
  const progress = seconds > 0 ? Math.min(1, position / seconds) : 0;

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const playable: player.Playable = {
      element,
      play: () => {
        const el = audio.current;
        if (!el) return;
        el.currentTime = 0;
        void el.play().catch(() => setPlaying(false));
      },
      pause: () => audio.current?.pause(),
    };
    const off = player.register(playable);
    const el = audio.current;
    const onPlay = () => {
      player.started(playable);
      setPlaying(true);
    };
    const onPause = () => {
      player.paused(playable);
      setPlaying(false);
    };
    const onEnded = () => {
      setPlaying(false);
      setPosition(0);
      player.ended(playable);
    };
    el?.addEventListener('play', onPlay);
    el?.addEventListener('pause', onPause);
    el?.addEventListener('ended', onEnded);
    return () => {
      el?.removeEventListener('play', onPlay);
      el?.removeEventListener('pause', onPause);
      el?.removeEventListener('ended', onEnded);
      el?.pause();
      off();
    };
  }, []);

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = speed;
  }, [speed]);

  const toggle = () => {
    const el = audio.current;
    if (!el || !voice.url) return;
    if (el.paused) {
      el.playbackRate = speed;
      void el.play().catch(() => setPlaying(false));
    } else {
      el.pause();
    }
  };

  const seek = (fraction: number) => {
    const el = audio.current;
    if (!el || !voice.url || seconds <= 0) return;
    el.currentTime = Math.max(0, Math.min(1, fraction)) * seconds;
    setPosition(el.currentTime);
  };

  const shown = playing || position > 0 ? position : seconds;
  return (
    <div className="voice-bubble" ref={root} data-testid="voice-bubble">
      <button
        type="button"
        className="voice-play"
        aria-label={playing ? t('voice.pause') : t('voice.play')}
        aria-pressed={playing}
        disabled={!voice.url}
        onClick={(e) => {
          e.stopPropagation();
          toggle();
        }}
        data-testid="voice-play"
      >
        {playing ? <PauseIcon size={18} /> : <PlayIcon size={18} />}
      </button>
      <div
        className="voice-wave"
        role="slider"
        tabIndex={voice.url ? 0 : -1}
        aria-label={t('voice.position')}
        aria-valuemin={0}
        aria-valuemax={Math.round(seconds)}
        aria-valuenow={Math.round(position)}
        aria-valuetext={clockTime(position)}
        onClick={(e) => {
          e.stopPropagation();
          const box = e.currentTarget.getBoundingClientRect();
          if (box.width > 0) seek((e.clientX - box.left) / box.width);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') seek((position + 5) / (seconds || 1));
          if (e.key === 'ArrowLeft') seek((position - 5) / (seconds || 1));
        }}
      >
        {bars.map((bar, i) => (
          <span
            // The bars never move: their place is who they are.
            key={i}
            className={(i + 0.5) / bars.length <= progress ? 'played' : undefined}
            style={{ height: `${bar}%` }}
          />
        ))}
      </div>
      <span className="voice-time" data-testid="voice-time">
        {clockTime(shown)}
      </span>
      <button
        type="button"
        className="voice-speed"
        aria-label={t('voice.speed', { speed: formatNumber(speed) })}
        onClick={(e) => {
          e.stopPropagation();
          setSpeed(nextSpeed(speed));
        }}
        data-testid="voice-speed"
      >
        {formatNumber(speed)}×
      </button>
      {/* No controls of its own: the bubble is its face. */}
      <audio
        ref={audio}
        src={voice.url}
        preload="metadata"
        onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
        onError={() => {
          if (voice.url) onExpired?.(voice.url);
        }}
      />
    </div>
  );
}
