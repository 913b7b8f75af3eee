// What another feature may add to a chat without the chat knowing it (the page hands it over):
// entries of the composer's "+" menu, how message types the chat does not draw are drawn, an
// action next to a refusal, and the dialogs that go with them.
import type { ReactNode } from 'react';
import type { SheetAction } from '../../components/Dialog';
import type { SendError } from './api/types';

/** A message as an extra draws it. */
export interface ExtraMessageView {
  type: string;
  content: Record<string, unknown> | null;
  mine: boolean;
  /** Not stored yet (still in this device's outbox). */
  pending: boolean;
  /** The stored message's id and time (absent while it is in the outbox). */
  id?: number;
  createdAt?: string;
  /** Theirs, and it arrived while this chat was open (its unread mark is -1, SPEC section 4). */
  arrivedInChat?: boolean;
}

export interface ChatExtras {
  plusActions?: readonly SheetAction[];
  /** The content of a message of a type the chat does not draw; undefined: the chat's own. */
  renderContent?: (message: ExtraMessageView) => ReactNode | undefined;
  /** Shown in the refusal notice, e.g. a way to recharge. */
  refusalAction?: (refused: { msgType: string; error?: SendError }) => ReactNode;
  panels?: ReactNode;
  /** At the end of the chat header. */
  header?: ReactNode;
  /** A line under the chat header. */
  banner?: ReactNode;
}
