import { OWN_MSG } from '@hqt/contract/messages';

/** An error whose Chinese message reaches the client as `{ code: status, msg }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string = OWN_MSG.badRequest) => new AppError(400, msg);
export const unauthorized = (msg: string) => new AppError(401, msg);
export const forbidden = (msg: string) => new AppError(403, msg);
export const notFound = (msg: string = OWN_MSG.notFound) => new AppError(404, msg);
export const conflict = (msg: string) => new AppError(409, msg);

/** PostgreSQL's unique_violation, as drizzle wraps it: two writers raced for one unique value. */
export const isUniqueViolation = (err: unknown) => (err as { cause?: { code?: string } })?.cause?.code === '23505' || (err as { code?: string })?.code === '23505';
