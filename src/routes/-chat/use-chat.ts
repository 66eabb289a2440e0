import { useSelector } from '@xstate/react';
import { use } from 'react';
import { selectChatSocketDisplaced, selectChatSocketStatus } from '@/machines/chat/chat-socket.machine';
import type { ConnectionStatus } from '@/ui/chat/chat-format';
import { useAppSystem } from '../-app/app-context';
import type { ChatActor } from './chat-system';

/** The chat actor (created on first use); suspends while its module loads. */
export function useChat(): ChatActor {
  const system = useAppSystem();
  return use(system.loadChat());
}

/** The chat socket's status (spec section 3: CLOSED, CONNECTING, OPEN), or DISPLACED: open in another window. */
export function useConnectionStatus(chat: ChatActor): ConnectionStatus {
  const socket = useSelector(chat, (snapshot) => snapshot.children.socket);
  return useSelector(socket, (snapshot) => (!snapshot ? 'CLOSED' : selectChatSocketDisplaced(snapshot) ? 'DISPLACED' : selectChatSocketStatus(snapshot)));
}
