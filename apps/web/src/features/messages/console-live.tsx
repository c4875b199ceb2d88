// The console's hub connection: a notice without a link of its own opens the console's message centre.
import { HubListener } from './hub-listener';
import { CONSOLE_INBOX } from './paths';

export default function ConsoleLive() {
  return <HubListener inboxPath={CONSOLE_INBOX} />;
}
