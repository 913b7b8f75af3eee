// What another feature may add to a chat without the chat knowing it (the page hands it over):
// entries of the composer's "+" menu, an action of the composer, how message types the chat does not draw are drawn, an
// action next to a refusal, suggestions while typing (a group's members to name), and the dialogs
// that go with them.
import type { ReactNode } from 'react';
import type { SheetAction } from '../../components/Dialog';
import type { MessageView, RefusedSend } from '../../lib/message-view';

/** What the composer gives its action. */
export interface ComposerContext {
  /** Shows the chat's "Upgrade now" (what members only may do). */
  onNeedMembership: () => void;
}

/** One thing the composer offers to put in for what is being typed. */
export interface ComposerSuggestion {
  /** Unique among the offered ones. */
  key: string;
  /** What the list shows (a picture and a name, say). */
  label: ReactNode;
  /** Put in place of what was typed. */
  text: string;
}

/** What the composer offers for the text being typed, and which part of the text it replaces. */
export interface ComposerSuggestions {
  /** Where the replaced part starts; the cursor is where it ends. */
  from: number;
  to: number;
  /** The list's accessible name. */
  label: string;
  options: readonly ComposerSuggestion[];
}

export interface ChatExtras {
  plusActions?: readonly SheetAction[];
  /**
   * Drawn in the composer where the send button is while nothing is typed (a microphone, say);
   * given the chat's way to ask a non-member to upgrade.
   */
  composerAction?: (composer: ComposerContext) => ReactNode;
  /** The content of a message of a type the chat does not draw; undefined: the chat's own. */
  renderContent?: (message: MessageView) => ReactNode | undefined;
  /** Shown in the refusal notice, e.g. a way to recharge. */
  refusalAction?: (refused: RefusedSend) => ReactNode;
  panels?: ReactNode;
  /** What to offer for the text as typed with the cursor at `caret`; null: nothing. */
  suggest?: (text: string, caret: number) => ComposerSuggestions | null;
  /** At the end of the chat header. */
  header?: ReactNode;
  /** A line under the chat header. */
  banner?: ReactNode;
  /** Reports a person for harassment, quoting what they wrote ("Does this bother you?"). */
  reportHarassment?: (userId: number, quote: string) => Promise<unknown>;
}
