// The portal's connection to the real-time hub while an account is signed in (FeatureModule.live).
// The hub only announces: on each announcement, and on every (re)connection, the inbox and the
// unread count are read again, so nothing missed while offline stays missed. socket.io-client is
// loaded here, after the shell, never on the login page.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { useNavigate } from 'react-router';
import { HUB_MESSAGE_EVENT, HUB_PATH, PUSH_EVENTS, type HubMessage } from '@hqt/contract/push';
import { currentAccessToken } from '@/shared/api/http';
import { session, useSession } from '@/shared/session/session-store';
import { notice } from '@/shared/ui/feedback';
import { pushQueries } from '../api/push-api';

export const INBOX_PATH = '/policyPush/policyPush';

/** A live token for the handshake, or none: an idle login that has expired is not renewed by the hub. */
async function handshakeToken(): Promise<string | null> {
  session.reload();
  if (session.get().expiresAt <= Date.now()) return null;
  return currentAccessToken().catch(() => null);
}

export default function HubListener() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signedIn = useSession((s) => Boolean(s.accessToken));

  useEffect(() => {
    if (!signedIn) return;
    let stopped = false;
    let socket: Socket | null = null;
    void import('socket.io-client').then(({ io }) => {
      if (stopped) return;
      const s = io({
        path: HUB_PATH,
        // Websocket only: several server nodes then need no sticky sessions.
        transports: ['websocket'],
        // Asked on every (re)connection: the token in use then, never one in a URL.
        auth: (cb) => void handshakeToken().then((token) => cb({ token })),
      });
      socket = s;
      const catchUp = () => void queryClient.invalidateQueries({ queryKey: pushQueries.all() });
      s.on('connect', catchUp);
      s.on(HUB_MESSAGE_EVENT, (m: HubMessage) => {
        catchUp();
        void notice({
          key: `${m.event}:${m.guideId}`,
          title: `政策推送 · ${PUSH_EVENTS[m.event] ?? '新消息'}`,
          description: m.body,
          onOpen: () => void navigate(INBOX_PATH),
        });
      });
      // The server ends the connection when the token it was given expires: go on with the one in
      // use now, if the login is still alive (socket.io does not reconnect by itself after that).
      s.on('disconnect', (reason) => {
        if (reason === 'io server disconnect' && !stopped) void handshakeToken().then((token) => token && !stopped && s.connect());
      });
    });
    return () => {
      stopped = true;
      socket?.disconnect();
    };
  }, [signedIn, queryClient, navigate]);

  return null;
}
