// What the chat connection takes from the world: the socket, the IM token, the session, toasts
// and the HTTP fallbacks. The browser's by default; tests pass fakes.
import type { QueryClient } from '@tanstack/react-query';
import { t as translate } from '../../../i18n';
import { api } from '../../../lib/api';
import { isOnline } from '../../../lib/connectivity';
import { ApiError } from '../../../lib/request';
import { getToken, isLoggedIn, signOutToLogin, subscribeSession } from '../../../lib/session';
import { type ToastKind, showToast } from '../../../lib/toast';
import { getImToken } from '../api/im-token';
import { markConversationRead } from '../api/mark-read';
import { recallInGroupOverHttp, recallOverHttp } from '../api/recall';
import {
  type GroupOutgoing,
  type Outgoing,
  sendGroupMessageOverHttp,
  sendMessageOverHttp,
} from '../api/send';
import type { ImToken, Message } from '../api/types';
import { getUnreadTotal } from '../api/unread';

/** The part of WebSocket the connection uses (tests pass a fake). */
export interface SocketLike {
  readonly bufferedAmount: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** Tabs of one browser tell each other when they open the socket (see the 206 in machine.ts). */
export interface ChannelLike {
  postMessage(message: unknown): void;
  onmessage: ((ev: { data: unknown }) => void) | null;
  close(): void;
}

export interface ConnectionDeps {
  queryClient: QueryClient;
  fetchToken: () => Promise<ImToken>;
  createSocket: (url: string) => SocketLike;
  /** ws(s)://host of the site. */
  socketOrigin: () => string;
  isLoggedIn: () => boolean;
  sessionToken: () => string | null;
  subscribeSession: (listener: () => void) => () => void;
  /** After a 217: is this device's session still valid (its own password change)? */
  sessionStillValid: () => Promise<boolean>;
  signOut: () => void;
  toast: (text: string, kind?: ToastKind) => void;
  t: typeof translate;
  sendOverHttp: (message: Outgoing) => Promise<{ message: Message }>;
  recallOverHttp: (id: number) => Promise<Message>;
  sendToGroupOverHttp: (message: GroupOutgoing) => Promise<{ message: Message }>;
  recallInGroupOverHttp: (id: number, groupId: number) => Promise<Message>;
  markReadOverHttp: (peer: number) => Promise<unknown>;
  fetchUnreadTotal: () => Promise<number>;
  newClientId: () => string;
  isVisible: () => boolean;
  /** The device has a network (navigator.onLine): offline, sends wait for it, pending. */
  isOnline: () => boolean;
  channel: ChannelLike | null;
  /** window, for online/offline/visibilitychange (null in tests that do not need them). */
  events: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

export function defaultDeps(queryClient: QueryClient): ConnectionDeps {
  return {
    queryClient,
    fetchToken: getImToken,
    // The handlers take the browser's richer events; SocketLike names what is read of them.
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    socketOrigin: () => {
      const { protocol, host } = globalThis.location;
      return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}`;
    },
    isLoggedIn,
    sessionToken: getToken,
    subscribeSession,
    sessionStillValid: async () => {
      try {
        await api.get('/getInfo', { silent: true, handleUnauthorized: false });
        return true;
      } catch (err) {
        // A ban's answer: request() has signed out to the suspension page already.
        return !(err instanceof ApiError && err.code === 401);
      }
    },
    signOut: signOutToLogin,
    toast: showToast,
    t: translate,
    sendOverHttp: sendMessageOverHttp,
    recallOverHttp,
    sendToGroupOverHttp: sendGroupMessageOverHttp,
    recallInGroupOverHttp,
    markReadOverHttp: markConversationRead,
    fetchUnreadTotal: getUnreadTotal,
    newClientId: () => crypto.randomUUID(),
    isVisible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
    isOnline,
    channel:
      typeof BroadcastChannel === 'undefined'
        ? null
        : (new BroadcastChannel('amora-im') as unknown as ChannelLike),
    events: typeof window === 'undefined' ? null : window,
  };
}
