import { initI18n, setLanguage, t } from '../../../i18n';
import type { GroupLine } from '../api/types';
import { groupLineText, reportSubject } from './display';

function line(over: Partial<GroupLine>): GroupLine {
  return {
    id: 1,
    seq: 1,
    kind: 'message',
    senderId: 7,
    senderName: 'Carlos',
    type: 'txt',
    content: {},
    recalled: false,
    createdAt: '2026-11-29T10:00:00Z',
    ...over,
  };
}

describe("a group's line as staff read it", () => {
  beforeAll(async () => {
    await initI18n();
    await setLanguage('en');
  });

  it('is the text as sent, and names what has no text', () => {
    expect(groupLineText(t, line({ content: { text: 'You are all idiots' } }))).toBe(
      'You are all idiots',
    );
    expect(groupLineText(t, line({ type: 'img', content: { url: '/media/a' } }))).toBe('Picture');
    expect(groupLineText(t, line({ type: 'audio', content: { url: '/media/v' } }))).toBe(
      'Voice message',
    );
    expect(groupLineText(t, line({ type: 'loc', content: { name: ' Plaça ', lat: 1 } }))).toBe(
      'Place: Plaça',
    );
    expect(groupLineText(t, line({ type: 'loc', content: { lat: 1, lng: 2 } }))).toBe('A place');
    expect(groupLineText(t, line({ type: 'custom', content: {} }))).toBe('[custom]');
  });

  it('says a message was taken back, whatever it was', () => {
    expect(groupLineText(t, line({ recalled: true, content: { text: 'gone' } }))).toBe(
      'Message taken back',
    );
    expect(groupLineText(t, line({ type: 'img', content: null as never }))).toBe(
      'Message taken back',
    );
  });

  it('writes a system line as the chat does, staff being nobody in the group', () => {
    const closed = line({ kind: 'system', type: 'system', content: { action: 'closed' } });
    expect(groupLineText(t, closed)).toBe(t('groups.line.closed'));
    const added = line({
      kind: 'system',
      type: 'system',
      content: { action: 'added', by: { id: 1, name: 'Yuki' }, people: [{ id: 2, name: 'Ana' }] },
    });
    expect(groupLineText(t, added)).toBe(
      t('groups.line.added', { by: 'Yuki', people: 'Ana', name: '' }),
    );
    expect(groupLineText(t, added)).toContain('Yuki');
  });
});

describe('what a report is about', () => {
  const group = { id: 3, name: 'Hikers', ended: false };
  it('is a message with messageId, the group with only a group, else a person', () => {
    expect(reportSubject({ group, messageId: 9 })).toBe('message');
    expect(reportSubject({ group, messageId: null })).toBe('group');
    expect(reportSubject({ group: null, messageId: null })).toBe('person');
    expect(reportSubject({})).toBe('person');
  });
});
