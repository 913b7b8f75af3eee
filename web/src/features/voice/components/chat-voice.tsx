// What voice messages add to a chat, for the chat page to hand to the chat view: the microphone
// of the composer, and how a voice message (type `audio`) is drawn.
import type { ReactNode } from 'react';
import type { MessageView } from '../../../lib/message-view';
import { voiceOf } from '../voice';
import { VoiceBubble } from './VoiceBubble';
import { VoiceRecorder } from './VoiceRecorder';

export function useChatVoice({
  member,
  send,
  onExpired,
}: {
  member: boolean;
  /** Sends a message of the chat (the connection's send). */
  send: (msgType: 'audio', content: Record<string, unknown>) => void;
  /** A voice message's address stopped working (a signed one expires). */
  onExpired?: (url: string) => void;
}) {
  const renderContent = (message: MessageView): ReactNode | undefined => {
    if (message.type !== 'audio') return undefined;
    const voice = voiceOf(message.content);
    return voice ? <VoiceBubble voice={voice} onExpired={onExpired} /> : undefined;
  };
  const composerAction = ({ onNeedMembership }: { onNeedMembership: () => void }) => (
    <VoiceRecorder
      member={member}
      onNeedMembership={onNeedMembership}
      onSend={(voice) =>
        // The length is the server's; sent along so the bubble shows it while it is on its way.
        send('audio', { key: voice.key, seconds: voice.seconds, waveform: voice.waveform })
      }
    />
  );
  return { renderContent, composerAction };
}
