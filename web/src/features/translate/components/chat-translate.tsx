// What translation adds to a chat, for the chat page to hand to the chat view: the language menu
// in the header (the picker, and the options: translated as they arrive), partner text bubbles
// with Translate (automatic for incoming messages while a language is chosen or they are
// translated on arrival; shown at once where the server has a translation already), the
// allowance and balance line, and the recharge prompt.
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getStoredLanguage } from '../../../i18n/languages';
import { type MessageView, textOf } from '../../../lib/message-view';
import { useChatLanguage, useOnArrival, usePartnerRoutes } from '../api/chat-language';
import { noRouteReason } from '../routes';
import { DO_NOT_TRANSLATE } from '../chat-languages';
import { translateStore } from '../store';
import { LanguagePicker } from './LanguagePicker';
import { TranslatableText } from './TranslatableText';
import { TranslateOptions, TranslateOptionsButton } from './TranslateOptions';
import { TranslatePrompt, TranslateStatus } from './TranslateStatus';
import './translate.css';

export function useChatTranslate({ peer, member }: { peer: number; member: boolean }) {
  const { abbr } = useChatLanguage(peer);
  const onArrival = useOnArrival(peer).on;
  // Open for one partner: another chat starts with the options closed.
  const [optionsFor, setOptionsFor] = useState<number | null>(null);
  const optionsOpen = optionsFor === peer;
  useEffect(() => {
    translateStore.reset();
    return () => translateStore.reset();
  }, [peer]);
  const target = abbr === DO_NOT_TRANSLATE ? getStoredLanguage().abbr : abbr;
  const { t } = useTranslation();
  const partner = usePartnerRoutes(peer);
  const noRoute = noRouteReason(t, partner, target);

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
        kept={view.translation?.target === target ? view.translation.text : undefined}
        auto={(abbr !== DO_NOT_TRANSLATE || onArrival) && view.arrivedInChat === true}
        noRoute={noRoute}
      />
    );
  };

  return {
    /** This partner's messages are translated on arrival (the message list carries them). */
    onArrival,
    header: (
      <span className="translate-menu">
        <LanguagePicker peer={peer} />
        <TranslateOptionsButton
          open={optionsOpen}
          onToggle={() => setOptionsFor(optionsOpen ? null : peer)}
        />
      </span>
    ),
    banner: (
      <>
        {optionsOpen && <TranslateOptions peer={peer} />}
        <TranslateStatus member={member} />
      </>
    ),
    renderContent,
    panels: <TranslatePrompt />,
  };
}

/**
 * What translation adds to a group's chat: Translate under others' text messages, into my
 * language (each reader translates into their own and pays for it), the allowance and balance
 * line, and the recharge prompt.
 */
export function useGroupTranslate({ group, member }: { group: number; member: boolean }) {
  useEffect(() => {
    translateStore.reset();
    return () => translateStore.reset();
  }, [group]);
  const target = getStoredLanguage().abbr;
  const renderContent = (view: MessageView): ReactNode | undefined => {
    if (view.type !== 'txt' || view.mine || view.pending || view.id == null) return undefined;
    const text = textOf(view.content);
    if (!text) return undefined;
    return (
      <TranslatableText
        id={view.id}
        text={text}
        target={target}
        kept={view.translation?.target === target ? view.translation.text : undefined}
        auto={false}
        group={group}
      />
    );
  };
  return {
    renderContent,
    banner: <TranslateStatus member={member} />,
    panels: <TranslatePrompt />,
  };
}
