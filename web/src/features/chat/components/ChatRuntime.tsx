// Keeps the chat connection running while someone is signed in. The signed-in shell loads this
// lazily, so none of the chat code is on the login page's critical path.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chatConnection } from '../runtime';

export default function ChatRuntime() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const connection = chatConnection(queryClient);
    connection.start();
    return () => connection.stop();
  }, [queryClient]);
  return null;
}
