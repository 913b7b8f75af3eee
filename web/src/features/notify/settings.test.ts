import { type PushSettings, applyChange, isTime, revertChange } from './settings';

const stored: PushSettings = {
  messages: true,
  likes: true,
  visitors: true,
  matches: true,
  gifts: true,
  announcements: true,
  quietHours: null,
  timeZone: 'UTC',
};

describe('notification settings', () => {
  it('shows a change at once', () => {
    expect(applyChange(stored, { likes: false })).toEqual({ ...stored, likes: false });
  });

  it('takes back a refused change', () => {
    const shown = applyChange(stored, { quietHours: { from: '22:00', to: '07:00' } });
    expect(revertChange(shown, stored, { quietHours: { from: '22:00', to: '07:00' } })).toEqual(
      stored,
    );
  });

  it('takes back only the refused change when another was made since', () => {
    // Likes off, then visitors off; the likes change fails, the visitors one stands.
    const both = applyChange(applyChange(stored, { likes: false }), { visitors: false });
    expect(revertChange(both, stored, { likes: false })).toEqual({ ...stored, visitors: false });
  });

  it('leaves a field alone that a later change set again', () => {
    // Likes off (fails later), then likes on again before the answer came.
    const again = applyChange(applyChange(stored, { likes: false }), { likes: true });
    expect(revertChange(again, stored, { likes: false }).likes).toBe(true);
  });

  it('takes times as the server does: 24-hour HH:MM', () => {
    expect(['00:00', '07:05', '23:59'].every(isTime)).toBe(true);
    expect(['24:00', '7:05', '12:60', '', '12:00:00'].some(isTime)).toBe(false);
  });
});
