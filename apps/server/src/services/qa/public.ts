// What others take of 政策问答: the start's and the demo's indexing of policies written without the service.
export { reconcile } from './store';
