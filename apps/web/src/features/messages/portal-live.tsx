// The portal's hub connection: a notice without a link of its own opens the portal's message centre.
import { HubListener } from './hub-listener';
import { PORTAL_INBOX } from './paths';

export default function PortalLive() {
  return <HubListener inboxPath={PORTAL_INBOX} />;
}
