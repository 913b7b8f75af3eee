import {
  barsToDraw,
  clockTime,
  nextSpeed,
  recordingType,
  slideCancels,
  voiceOf,
  waveformOf,
} from './voice';

describe('voice messages', () => {
  it('show their length as minutes and seconds', () => {
    expect(clockTime(0)).toBe('0:00');
    expect(clockTime(7.4)).toBe('0:07');
    expect(clockTime(59.6)).toBe('1:00');
    expect(clockTime(Number.NaN)).toBe('0:00');
    expect(clockTime(-3)).toBe('0:00');
  });

  it('play at 1x, 1.5x, 2x, then 1x again', () => {
    expect(nextSpeed(1)).toBe(1.5);
    expect(nextSpeed(1.5)).toBe(2);
    expect(nextSpeed(2)).toBe(1);
  });

  it('record in the best format the browser has', () => {
    expect(recordingType(() => true)).toBe('audio/webm;codecs=opus');
    expect(recordingType((t) => t === 'audio/mp4')).toBe('audio/mp4');
    expect(recordingType((t) => t.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    expect(recordingType(() => false)).toBeUndefined();
    expect(
      recordingType(() => {
        throw new Error('no');
      }),
    ).toBeUndefined();
  });

  it('draw the waveform from the loudest sample of each share, scaled to 100', () => {
    const samples = new Float32Array(480);
    samples.fill(0.1, 0, 240);
    samples.fill(-0.5, 240, 480);
    const bars = waveformOf(samples, 4);
    expect(bars).toEqual([20, 20, 100, 100]);
    expect(waveformOf(new Float32Array(100), 3)).toEqual([0, 0, 0]);
    expect(waveformOf([], 2)).toEqual([0, 0]);
    // Fewer samples than bars: the samples are stretched over them.
    expect(waveformOf([0.5], 3)).toEqual([100, 100, 100]);
    expect(waveformOf([0.5, 0.25], 4)).toEqual([100, 100, 50, 50]);
    expect(
      waveformOf(
        new Float32Array(48_000 * 3).map((_, i) => Math.sin(i)),
        48,
      ),
    ).toHaveLength(48);
  });

  it('read a message content defensively', () => {
    expect(
      voiceOf({ url: '/media/chat/a.webm?exp=1&sig=2', seconds: 3, waveform: [1, 200, -4, 'x'] }),
    ).toEqual({
      url: '/media/chat/a.webm?exp=1&sig=2',
      seconds: 3,
      waveform: [1, 100, 0],
    });
    expect(voiceOf({ key: 'uploads/1/a.webm', seconds: 2 })).toEqual({
      url: undefined,
      seconds: 2,
      waveform: [],
    });
    expect(voiceOf(null)).toBeNull();
    expect(voiceOf({ text: 'hi' })).toBeNull();
  });

  it('draw an even line without a waveform, and a sliver for silence', () => {
    expect(barsToDraw([], 3)).toEqual([20, 20, 20]);
    expect(barsToDraw([0, 50])).toEqual([8, 50]);
  });

  it('cancel a held recording when the finger slides far enough left', () => {
    expect(slideCancels(-79)).toBe(false);
    expect(slideCancels(-80)).toBe(true);
    expect(slideCancels(120)).toBe(false);
  });
});
