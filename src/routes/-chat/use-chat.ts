import { useSelector } from '@xstate/react';
import { use } from 'react';
import { selectChatConnection } from '@/machines/chat/chat-socket.machine';
import type { ConnectionStatus } from '@/ui/chat/chat-format';
import { useAppSystem } from '../-app/app-context';
import type { ChatActor } from './chat-system';

/** The chat actor (created on first use); suspends while its module loads. */
export function useChat(): ChatActor {
  const system = useAppSystem();
  return use(system.loadChat());
}

/** The chat's connection as the user is told it (selectChatConnection: OPEN once the chat can send). */
export function useConnectionStatus(chat: ChatActor): ConnectionStatus {
  const socket = useSelector(chat, (snapshot) => snapshot.children.socket);
  return useSelector(socket, (snapshot) => (!snapshot ? 'CLOSED' : selectChatConnection(snapshot)));
}
