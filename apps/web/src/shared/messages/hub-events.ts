// What the real-time hub tells this tab, for pages that follow their own items while open
// (shared/workflow/use-refresh-on-notice.ts): each notice as it arrives, and each reconnection after
// the first connection (notices may have been missed meanwhile). The hub's listener
// (features/messages/hub-listener.tsx) announces them; nothing is kept.
import type { HubNotice } from '@hqt/contract/inbox';

export type HubEvent = { notice: HubNotice } | { reconnected: true };
type Listener = (event: HubEvent) => void;

const listeners = new Set<Listener>();

export function announceHubEvent(event: HubEvent): void {
  for (const listener of listeners) listener(event);
}

/** Listens until the answered function is called. */
export function onHubEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
