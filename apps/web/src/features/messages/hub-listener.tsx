// The connection to the real-time hub while an account is signed in, in the portal and the console
// alike (FeatureModule.live). The hub only tells: on each notice, and on every (re)connection, the
// inbox and the unread count are read again, so nothing missed while offline stays missed; pages
// following their own items hear of both (shared/messages/hub-events.ts). A notice is titled by its
// source and opens where it leads (else the inbox). socket.io-client is loaded here, after the
// shell, never on the login page.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { useNavigate } from 'react-router';
import { HUB_NOTICE_EVENT, HUB_PATH, kindLabel, MESSAGE_SOURCES, type HubNotice } from '@hqt/contract/inbox';
import { currentAccessToken } from '@/shared/api/http';
import { session, useSession } from '@/shared/session/session-store';
import { notice } from '@/shared/ui/feedback';
import { announceHubEvent } from '@/shared/messages/hub-events';
import { messageQueries } from '@/shared/messages/messages-api';

/** A live token for the handshake, or none: an idle login that has expired is not renewed by the hub. */
async function handshakeToken(): Promise<string | null> {
  session.reload();
  if (session.get().expiresAt <= Date.now()) return null;
  return currentAccessToken().catch(() => null);
}

/** `inboxPath`: the branch's message centre, opened by a notice that leads nowhere else. */
export function HubListener({ inboxPath }: { inboxPath: string }) {
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
      const catchUp = () => void queryClient.invalidateQueries({ queryKey: messageQueries.all() });
      let connectedBefore = false;
      s.on('connect', () => {
        catchUp();
        if (connectedBefore) announceHubEvent({ reconnected: true });
        connectedBefore = true;
      });
      s.on(HUB_NOTICE_EVENT, (n: HubNotice) => {
        catchUp();
        announceHubEvent({ notice: n });
        void notice({
          key: `${n.kind}:${n.link ?? n.title}`,
          title: `${MESSAGE_SOURCES[n.source] ?? '系统'} · ${kindLabel(n.kind)}`,
          description: n.title,
          onOpen: () => void navigate(n.link ?? inboxPath),
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
  }, [signedIn, queryClient, navigate, inboxPath]);

  return null;
}
