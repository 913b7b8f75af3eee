// What another feature may add to a chat without the chat knowing it (the page hands it over):
// entries of the composer's "+" menu, an action of the composer, how message types the chat does not draw are drawn, an
// action next to a refusal, and the dialogs that go with them.
import type { ReactNode } from 'react';
import type { SheetAction } from '../../components/Dialog';
import type { MessageView, RefusedSend } from '../../lib/message-view';

/** What the composer gives its action. */
export interface ComposerContext {
  /** Shows the chat's "Upgrade now" (what members only may do). */
  onNeedMembership: () => void;
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
  /** At the end of the chat header. */
  header?: ReactNode;
  /** A line under the chat header. */
  banner?: ReactNode;
  /** Reports a person for harassment, quoting what they wrote ("Does this bother you?"). */
  reportHarassment?: (userId: number, quote: string) => Promise<unknown>;
}
