// What translation adds to a chat, for the chat page to hand to the chat view: the language
// picker in the header, partner text bubbles with Translate (automatic for incoming messages while
// a language is chosen), the allowance and balance line, and the recharge prompt.
import { type ReactNode, useEffect } from 'react';
import { getStoredLanguage } from '../../../i18n/languages';
import { type MessageView, textOf } from '../../../lib/message-view';
import { useChatLanguage } from '../api/chat-language';
import { DO_NOT_TRANSLATE } from '../chat-languages';
import { translateStore } from '../store';
import { LanguagePicker } from './LanguagePicker';
import { TranslatableText } from './TranslatableText';
import { TranslatePrompt, TranslateStatus } from './TranslateStatus';
import './translate.css';

export function useChatTranslate({ peer, member }: { peer: number; member: boolean }) {
  const { abbr } = useChatLanguage(peer);
  useEffect(() => {
    translateStore.reset();
    return () => translateStore.reset();
  }, [peer]);
  const target = abbr === DO_NOT_TRANSLATE ? getStoredLanguage().abbr : abbr;

  const renderContent = (view: MessageView): ReactNode | undefined => {
    if (view.type !== 'txt' || view.mine || view.pending || view.id == null) return undefined;
    const text = textOf(view.content);
    if (!text) return undefined;
    // Messages that arrive while the chat is open translate by themselves. (Told by the chat,
    // not by comparing times: the server's are whole seconds, and clocks differ.)
    return (
      <TranslatableText
        id={view.id}
        text={text}
        target={target}
        auto={abbr !== DO_NOT_TRANSLATE && view.arrivedInChat === true}
      />
    );
  };

  return {
    header: <LanguagePicker peer={peer} />,
    banner: <TranslateStatus member={member} />,
    renderContent,
    panels: <TranslatePrompt />,
  };
}
