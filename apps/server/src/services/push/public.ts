// What the rest of the server may use of 政策推送: preparing its job queues with the database.
export { ensurePushQueues } from './jobs';
