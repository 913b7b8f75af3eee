// The app's one chat connection, made on first use with the app's query client.
import type { QueryClient } from '@tanstack/react-query';
import { ChatConnection } from './connection';

let connection: ChatConnection | null = null;

export function chatConnection(queryClient: QueryClient): ChatConnection {
  connection ??= new ChatConnection({ queryClient });
  return connection;
}
