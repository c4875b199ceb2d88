import { MSG } from '@hqt/contract/messages';
import { SUCCESS_CODE, type ApiEnvelope } from '@hqt/contract/envelope';

export function ok<T>(data: T, msg: string = MSG.success): ApiEnvelope<T> {
  return { code: SUCCESS_CODE, msg, data };
}
