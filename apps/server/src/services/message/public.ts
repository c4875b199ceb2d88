// What other services use of the message centre: notify, and who a notice goes to.
export { administrators, enterpriseAccounts } from './audiences';
export { notify, type Notice, type Recipient } from './notify';
