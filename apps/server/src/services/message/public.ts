// What other services use of the message centre.
export { notify, type Notice, type Recipient } from './notify';
