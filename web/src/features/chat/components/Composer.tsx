// Writing a message: text with emoji put in where the cursor is, a photo (members) with a look
// before sending, another feature's action (a microphone) while nothing is typed, and another
// feature's suggestions for what is being typed (a member to name), picked with the arrow keys
// and Enter or a tap.
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '../../../components/Button';
import { ActionSheet, Dialog, type SheetAction } from '../../../components/Dialog';
import { PlusIcon } from '../../../components/icons';
import { pickedProblem, readAsDataUrl } from '../../../lib/picked-image';
import { showToast } from '../../../lib/toast';
import { useEmoji } from '../api/emoji';
import type { ChatExtras, ComposerSuggestion } from '../extras';
import { KeyboardIcon, PhotoIcon, SendIcon, SmileIcon } from './icons';

/** The protocol's limit of a text message. */
export const MAX_TEXT_BYTES = 5 * 1024;

export interface PickedImage {
  dataUrl: string;
  previewUrl: string;
}

/** A text put back in the composer (a new object each time, so the same text can come twice). */
export interface Draft {
  text: string;
}

export function Composer({
  member,
  draft,
  onSendText,
  onSendImage,
  onTyping,
  onNeedMembership,
  onFocus,
  plusActions,
  action,
  suggest,
}: {
  member: boolean;
  /** Put in the composer in place of what is there, the cursor at its end. */
  draft?: Draft | null;
  onSendText: (text: string) => void;
  onSendImage: (image: PickedImage) => void;
  onTyping: () => void;
  onNeedMembership: () => void;
  onFocus: () => void;
  /** More things to send (another feature's), behind a "+" button. */
  plusActions?: readonly SheetAction[];
  /** Another feature's action (a microphone), in place of the send button while nothing is typed. */
  action?: ReactNode;
  /** Another feature's suggestions for what is being typed. */
  suggest?: ChatExtras['suggest'];
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  // Arriving from "Say hi" (the match moment): ready to type.
  const focusOnArrival = (useLocation().state as { focusComposer?: boolean } | null)?.focusComposer;
  useEffect(() => {
    if (focusOnArrival) input.current?.focus();
  }, [focusOnArrival]);
  const file = useRef<HTMLInputElement>(null);
  const emoji = useEmoji({ enabled: emojiOpen });
  const [caret, setCaret] = useState(0);
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(0);
  // Escape (or a pick) closes the suggestions for the part typed from there; an "@" typed
  // elsewhere opens them again.
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const listId = useId();
  const found = focused ? (suggest?.(text, caret) ?? null) : null;
  const suggestions = found && found.options.length > 0 && found.from !== closedAt ? found : null;
  const activeIndex = suggestions ? Math.min(active, suggestions.options.length - 1) : 0;

  const resize = () => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 128)}px`;
  };

  // A draft put in while rendering, as React advises for state that follows a prop.
  const [seenDraft, setSeenDraft] = useState(draft);
  if (draft !== seenDraft) {
    setSeenDraft(draft);
    if (draft) setText(draft.text);
  }
  useEffect(() => {
    if (draft) requestAnimationFrame(resize);
  }, [draft]);

  /** Puts an emoji in the text in place of what is selected, and the cursor after it. */
  const insertEmoji = (glyph: string) => {
    const el = input.current;
    const from = el?.selectionStart ?? text.length;
    const to = el?.selectionEnd ?? text.length;
    setText(text.slice(0, from) + glyph + text.slice(to));
    requestAnimationFrame(() => {
      el?.setSelectionRange(from + glyph.length, from + glyph.length);
      resize();
    });
    onTyping();
  };

  /** Where the cursor is now (the suggestions follow it). */
  const followCaret = () => {
    const el = input.current;
    if (el && el.selectionStart !== caret) setCaret(el.selectionStart);
  };

  const pickSuggestion = (option: ComposerSuggestion) => {
    if (!suggestions) return;
    const el = input.current;
    const next = text.slice(0, suggestions.from) + option.text + text.slice(suggestions.to);
    const at = suggestions.from + option.text.length;
    setText(next);
    setCaret(at);
    setClosedAt(suggestions.from);
    setActive(0);
    el?.focus();
    requestAnimationFrame(() => {
      el?.setSelectionRange(at, at);
      resize();
    });
    onTyping();
  };

  /** The suggestions' keys: arrows move, Enter or Tab picks, Escape closes; true if handled. */
  const suggestionKey = (key: string): boolean => {
    if (!suggestions) return false;
    const count = suggestions.options.length;
    switch (key) {
      case 'ArrowDown':
        setActive((activeIndex + 1) % count);
        return true;
      case 'ArrowUp':
        setActive((activeIndex - 1 + count) % count);
        return true;
      case 'Enter':
      case 'Tab': {
        const option = suggestions.options[activeIndex];
        if (option) pickSuggestion(option);
        return true;
      }
      case 'Escape':
        setClosedAt(suggestions.from);
        return true;
      default:
        return false;
    }
  };

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!text.trim()) {
      showToast(t('chat.emptyMessage'), 'error');
      return;
    }
    if (new TextEncoder().encode(text).length > MAX_TEXT_BYTES) {
      showToast(t('chat.tooLong'), 'error');
      return;
    }
    onSendText(text);
    setText('');
    setCaret(0);
    setClosedAt(null);
    requestAnimationFrame(resize);
  };

  const pickImage = () => {
    if (!member) {
      onNeedMembership();
      return;
    }
    file.current?.click();
  };

  const onFile = async (chosen: File | undefined) => {
    if (file.current) file.current.value = '';
    if (!chosen) return;
    const problem = pickedProblem(chosen);
    if (problem) {
      showToast(t(problem === 'notImage' ? 'chat.notAnImage' : 'chat.imageTooLarge'), 'error');
      return;
    }
    try {
      const dataUrl = await readAsDataUrl(chosen);
      setPicked({ dataUrl, previewUrl: URL.createObjectURL(chosen) });
    } catch {
      showToast(t('errors.generic'), 'error');
    }
  };

  const closePreview = (sent: boolean) => {
    if (picked && !sent) URL.revokeObjectURL(picked.previewUrl);
    setPicked(null);
  };

  return (
    <div className="composer-area">
      <form className="composer" onSubmit={submit}>
        {suggestions && (
          <ul
            id={listId}
            className="composer-suggestions"
            role="listbox"
            aria-label={suggestions.label}
            data-testid="composer-suggestions"
          >
            {suggestions.options.map((option, i) => (
              <li
                key={option.key}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === activeIndex}
                className={i === activeIndex ? 'active' : undefined}
                // Keeps the cursor in the text while the pointer picks.
                onPointerDown={(e) => e.preventDefault()}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pickSuggestion(option)}
              >
                {option.label}
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className="icon-btn"
          aria-label={emojiOpen ? t('chat.keyboard') : t('chat.emoji')}
          aria-expanded={emojiOpen}
          aria-controls="emoji-panel"
          onClick={() => {
            setEmojiOpen((open) => !open);
            if (emojiOpen) input.current?.focus();
          }}
        >
          {emojiOpen ? <KeyboardIcon /> : <SmileIcon />}
        </button>
        <button type="button" className="icon-btn" aria-label={t('chat.photo')} onClick={pickImage}>
          <PhotoIcon />
        </button>
        {plusActions && plusActions.length > 0 && (
          <button
            type="button"
            className="icon-btn"
            aria-label={t('chat.more')}
            aria-haspopup="dialog"
            onClick={() => setMoreOpen(true)}
          >
            <PlusIcon />
          </button>
        )}
        <input
          ref={file}
          type="file"
          accept="image/*"
          hidden
          data-testid="chat-image-input"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <textarea
          ref={input}
          className="composer-input"
          rows={1}
          value={text}
          placeholder={t('chat.placeholder')}
          aria-label={t('chat.placeholder')}
          enterKeyHint="send"
          {...(suggest && {
            role: 'combobox',
            'aria-autocomplete': 'list' as const,
            'aria-expanded': suggestions !== null,
            'aria-controls': suggestions ? listId : undefined,
            'aria-activedescendant': suggestions ? `${listId}-${activeIndex}` : undefined,
          })}
          onFocus={() => {
            setFocused(true);
            setEmojiOpen(false);
            onFocus();
          }}
          onChange={(e) => {
            setText(e.target.value);
            setCaret(e.target.selectionStart);
            setActive(0);
            if (closedAt !== null && e.target.value.charAt(closedAt) !== '@') setClosedAt(null);
            resize();
            if (e.target.value.trim()) onTyping();
          }}
          onSelect={followCaret}
          onBlur={() => setFocused(false)}
          onKeyDown={(e) => {
            if (e.nativeEvent.isComposing) return;
            if (!e.shiftKey && suggestionKey(e.key)) {
              e.preventDefault();
              return;
            }
            if (e.key === 'Enter' && !e.shiftKey) submit(e);
          }}
        />
        {action && !text ? (
          action
        ) : (
          <button type="submit" className="send-btn" aria-label={t('chat.send')}>
            <SendIcon size={20} />
          </button>
        )}
      </form>
      {emojiOpen && (
        <div id="emoji-panel" className="emoji-panel" role="group" aria-label={t('chat.emoji')}>
          {emoji.data?.map((e) => (
            <button
              key={e.code}
              type="button"
              className="emoji-key"
              aria-label={e.code}
              title={e.code}
              onClick={() => insertEmoji(e.emoji)}
            >
              {e.emoji}
            </button>
          ))}
        </div>
      )}
      {plusActions && (
        <ActionSheet open={moreOpen} onClose={() => setMoreOpen(false)} actions={plusActions} />
      )}
      <Dialog
        open={picked !== null}
        onClose={() => closePreview(false)}
        title={t('chat.imageTitle')}
        actions={
          <>
            <Button variant="outline" onClick={() => closePreview(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={() => {
                if (picked) onSendImage(picked);
                closePreview(true);
              }}
            >
              {t('chat.imageSend')}
            </Button>
          </>
        }
      >
        {picked && <img className="image-preview" src={picked.previewUrl} alt={t('chat.photo')} />}
      </Dialog>
    </div>
  );
}
