// Every answer of the API is one envelope: { code, msg, data }, code 200 on success (PRODUCT.md).
// Errors carry the same HTTP status in `code` and a Chinese `msg` that the client shows verbatim.
import Type, { type TSchema } from 'typebox';
import { MAX_INT } from './constants';

export const SUCCESS_CODE = 200;

export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), msg: Type.String(), data });

export const ErrorEnvelope = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  data: Type.Null(),
});

export interface ApiEnvelope<T> {
  code: number;
  msg: string;
  data: T;
}

/**
 * The spec's paging: currentPage and pageSize; the server caps pageSize (MAX_PAGE_SIZE) instead of
 * failing, so pageSize 9999999 works. The maximum only refuses what no integer column could hold.
 */
export const PageQuery = Type.Object({
  currentPage: Type.Integer({ minimum: 1, maximum: MAX_INT, title: '页码', default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_INT, title: '每页条数', default: 20 }),
});
export type PageQuery = Type.Static<typeof PageQuery>;

/** An id in a body or an address: a positive integer a column holds; `${title}不正确` otherwise. */
export const Id = (title: string) => Type.Integer({ minimum: 1, maximum: MAX_INT, title, errorMessage: `${title}不正确` });

/** The one page shape every list answers with. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    total: Type.Integer(),
    /** True when `total` is a lower bound: more rows match than the list counts (shown as 10000+). */
    totalCapped: Type.Optional(Type.Boolean()),
    currentPage: Type.Integer(),
    pageSize: Type.Integer(),
  });

export interface PageOf<T> {
  list: T[];
  total: number;
  /** True when `total` is a lower bound: more rows match than the list counts (shown as 10000+). */
  totalCapped?: boolean;
  currentPage: number;
  pageSize: number;
}
