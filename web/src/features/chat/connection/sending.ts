// Sending through the outbox (outbox.ts): a message waits there as pending and leaves on the live
// socket, over HTTP once the socket has given up, or on the next hello; it fails (with Retry)
// when refused, or when not acknowledged within 10 s of leaving the device. While the device is
// offline it stays pending without a time limit and leaves on the hello once the network is back.
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, rechargeNeeded } from '../../../lib/request';
import { confirmNeeded } from '../display';
import type { Message, MessageContent, MessageType, SendError } from '../api/types';
import { bumpConversation, upsertGroupMessage, upsertHistoryMessage } from '../cache';
import type { Outbox, OutboxEntry } from '../outbox';
import type { ConnectionDeps, SocketLike } from './deps';
import type { ClientFrame, ErrorFrame } from './frames';
import type { Phase } from './machine';

/** A send not acknowledged this long after it left the device fails (with Retry). */
export const ACK_TIMEOUT_MS = 10_000;
/** How often an image's upload progress is read off the socket's buffer. */
const UPLOAD_POLL_MS = 100;

/**
 * How a message leaves now: on the live socket, over HTTP, on the next hello, or, while the
 * device is offline, on the hello after the network is back (queued: no time limit).
 */
export type Route =
  { via: 'socket'; socket: SocketLike } | { via: 'http' } | { via: 'hello' } | { via: 'queued' };

export function routeOf(phase: Phase, online = true): Route {
  if (phase.kind === 'connected') return { via: 'socket', socket: phase.socket };
  if (!online) return { via: 'queued' };
  // The socket gave up: the same send over HTTP (not while another tab has the connection).
  if (phase.kind === 'disconnected' && phase.reason !== 'elsewhere') return { via: 'http' };
  return { via: 'hello' };
}

interface NewMessage {
  clientId: string;
  to: number;
  /** A message to a group (`to` is then the group's id too). */
  groupId?: number;
  msgType: MessageType;
  content: MessageContent;
  /** A local URL to show an image before the server has it. */
  preview?: string;
  /** Sent anyway after "Are you sure?". */
  confirmed?: boolean;
}

export class Sending {
  private ackTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private uploads = new Map<string, ReturnType<typeof setInterval>>();

  constructor(
    private readonly outbox: Outbox,
    private readonly deps: Pick<
      ConnectionDeps,
      'queryClient' | 'sendOverHttp' | 'sendToGroupOverHttp'
    >,
    /** How a message can leave now (routeOf the connection's phase). */
    private readonly route: () => Route,
  ) {}

  /** A new message, pending until acknowledged. */
  add({ clientId, to, groupId, msgType, content, preview, confirmed }: NewMessage): void {
    this.outbox.add({
      clientId,
      to,
      groupId,
      msgType,
      content,
      status: 'pending',
      createdAt: new Date().toISOString(),
      preview,
      progress: msgType === 'img' ? 0 : undefined,
      confirmed,
    });
  }

  /** A failed message is pending again; false when it is no longer in the outbox. */
  retry(clientId: string): boolean {
    return this.outbox.update(clientId, { status: 'pending', error: undefined }) !== undefined;
  }

  transmit(clientId: string): void {
    const entry = this.outbox.get(clientId);
    if (!entry) return;
    this.stopTimers(clientId);
    const route = this.route();
    if (route.via === 'socket') this.sendOnSocket(entry, route.socket);
    else if (route.via === 'http') this.sendOverHttp(entry);
    // Sent on hello, and failed if that takes too long.
    else if (route.via === 'hello') this.startAckTimer(clientId);
    // Queued: sent on the hello once the network is back.
  }

  /** The device went offline: what waits for an ack waits for the next hello instead. */
  hold(): void {
    for (const entry of this.outbox.all()) {
      if (entry.status === 'pending') this.stopTimers(entry.clientId);
    }
  }

  /** The protocol: a send not acknowledged before the connection dropped is sent again. */
  transmitPending(): void {
    for (const entry of this.outbox.all()) {
      if (entry.status === 'pending') this.transmit(entry.clientId);
    }
  }

  /** The stored copy of a message I sent (an ack, or my own copy as an event). */
  stored(clientId: string, message: Message): void {
    this.discard(clientId);
    storeMine(this.deps.queryClient, message);
  }

  /** The server refused a send; false when the error concerns no message in the outbox. */
  refused(frame: ErrorFrame): boolean {
    const entry = frame.clientId ? this.outbox.get(frame.clientId) : undefined;
    if (!entry) return false;
    this.fail(entry.clientId, {
      code: frame.code,
      msg: frame.msg,
      upgrade: frame.data?.upgrade === true,
      recharge: rechargeNeeded(frame.data) ?? undefined,
      confirm: confirmNeeded(frame.data),
    });
    return true;
  }

  discard(clientId: string): void {
    const entry = this.outbox.remove(clientId);
    this.stopTimers(clientId);
    if (entry?.preview?.startsWith('blob:')) URL.revokeObjectURL(entry.preview);
  }

  /** The socket is gone: uploads no longer follow its buffer (they are sent again on hello). */
  stopUploads(): void {
    for (const timer of this.uploads.values()) clearInterval(timer);
    this.uploads.clear();
  }

  private sendOnSocket(entry: OutboxEntry, socket: SocketLike): void {
    const { clientId, to, groupId, msgType, content, confirmed } = entry;
    const frame: ClientFrame =
      groupId === undefined
        ? { type: 'send', clientId, to, msgType, content }
        : { type: 'send', clientId, groupId, msgType, content };
    if (confirmed) frame.confirmed = true;
    const text = JSON.stringify(frame);
    try {
      socket.send(text);
    } catch {
      this.startAckTimer(clientId);
      return;
    }
    if (msgType === 'img') this.followUpload(clientId, socket, text.length);
    else this.startAckTimer(clientId);
  }

  private sendOverHttp({ clientId, to, groupId, msgType, content, confirmed }: OutboxEntry): void {
    const also = confirmed ? { confirmed } : {};
    const sent =
      groupId === undefined
        ? this.deps.sendOverHttp({ to, msgType, content, clientId, ...also })
        : this.deps.sendToGroupOverHttp({ groupId, msgType, content, clientId, ...also });
    sent.then(
      ({ message }) => this.stored(clientId, message),
      (err: unknown) => this.fail(clientId, refusalOf(err)),
    );
  }

  /** An image's progress is how much of its frame has left the socket's buffer. */
  private followUpload(clientId: string, socket: SocketLike, size: number): void {
    const tick = () => {
      const left = socket.bufferedAmount;
      const progress = Math.min(1, Math.max(0, 1 - left / size));
      this.outbox.update(clientId, { progress });
      if (left <= 0) {
        clearInterval(this.uploads.get(clientId));
        this.uploads.delete(clientId);
        this.startAckTimer(clientId);
      }
    };
    this.uploads.set(clientId, setInterval(tick, UPLOAD_POLL_MS));
    tick();
  }

  private startAckTimer(clientId: string): void {
    this.stopTimers(clientId);
    this.ackTimers.set(
      clientId,
      setTimeout(() => {
        this.ackTimers.delete(clientId);
        this.fail(clientId);
      }, ACK_TIMEOUT_MS),
    );
  }

  private stopTimers(clientId: string): void {
    clearTimeout(this.ackTimers.get(clientId));
    this.ackTimers.delete(clientId);
    clearInterval(this.uploads.get(clientId));
    this.uploads.delete(clientId);
  }

  private fail(clientId: string, error?: SendError): void {
    this.stopTimers(clientId);
    this.outbox.update(clientId, { status: 'fail', error });
  }
}

/** My message as stored: into its conversation, or its group's. */
function storeMine(qc: QueryClient, message: Message): void {
  if (message.chatType === 'groupChat') {
    upsertGroupMessage(qc, message.to, message);
    return;
  }
  upsertHistoryMessage(qc, message.to, message);
  if (message.type !== 'cmd') bumpConversation(qc, message.to, message, 0);
}

/** The server's refusal of a send over HTTP; undefined for a network failure. */
function refusalOf(err: unknown): SendError | undefined {
  if (!(err instanceof ApiError) || err.code === 0) return undefined;
  return {
    code: err.code,
    msg: err.message,
    upgrade: (err.data as { upgrade?: boolean } | null)?.upgrade === true,
    recharge: rechargeNeeded(err.data) ?? undefined,
    confirm: confirmNeeded(err.data),
  };
}
