// The hub connection of whichever frame mounts it: a notice without a link of its own opens that
// branch's message centre.
import { useLocation } from 'react-router';
import { ADMIN_BASE } from '@/config/routes';
import { HubListener } from './hub-listener';
import { CONSOLE_INBOX, PORTAL_INBOX } from './paths';

export default function Live() {
  const inConsole = useLocation().pathname.startsWith(ADMIN_BASE);
  return <HubListener inboxPath={inConsole ? CONSOLE_INBOX : PORTAL_INBOX} />;
}
