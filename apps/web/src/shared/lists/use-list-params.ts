// A list's state lives in the address: page, page size, sort and filters, so a search can be
// bookmarked, shared, reloaded and gone Back to. One hook for every list (the market, every
// console table): declare the filters, get the query object and one way to change it.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, MAX_INT, MAX_PAGE_SIZE } from '@hqt/contract/constants';

type FieldKind = 'string' | 'boolean';
type FieldValue<K extends FieldKind> = K extends 'boolean' ? true : string;

export type ListFilters<F extends Record<string, FieldKind>> = { [K in keyof F]?: FieldValue<F[K]> };
export type ListParams<F extends Record<string, FieldKind>, S extends string> = ListFilters<F> & {
  currentPage: number;
  pageSize: number;
  sort?: S;
};

export interface ListSpec<F extends Record<string, FieldKind>, S extends string> {
  /** Each filter's address key and kind (a boolean is `1` in the address when on). */
  filters: F;
  sorts?: readonly S[];
  defaultPageSize?: number;
}

/** A page number or size from the address, within what the server accepts. */
const positive = (raw: string | null, fallback: number, max = MAX_INT) => {
  const n = Number(raw);
  return raw !== null && Number.isSafeInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/** Reads a list's parameters from an address's query. */
export function readListParams<F extends Record<string, FieldKind>, S extends string>(params: URLSearchParams, spec: ListSpec<F, S>): ListParams<F, S> {
  const out: Record<string, unknown> = {
    currentPage: positive(params.get('page'), 1),
    pageSize: positive(params.get('size'), spec.defaultPageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
  const sort = params.get('sort');
  if (sort && spec.sorts?.includes(sort as S)) out.sort = sort;
  for (const [key, kind] of Object.entries(spec.filters)) {
    const raw = params.get(key);
    if (kind === 'boolean') {
      if (raw === '1') out[key] = true;
    } else if (raw) out[key] = raw;
  }
  return out as ListParams<F, S>;
}

/** Writes them back, leaving defaults out so addresses stay short; keys that are not the list's stay. */
export function writeListParams<F extends Record<string, FieldKind>, S extends string>(
  list: ListParams<F, S>,
  spec: ListSpec<F, S>,
  keep?: URLSearchParams,
): URLSearchParams {
  const out = new URLSearchParams();
  const own = new Set(['page', 'size', 'sort', ...Object.keys(spec.filters)]);
  keep?.forEach((value, key) => {
    if (!own.has(key)) out.set(key, value);
  });
  if (list.currentPage > 1) out.set('page', String(list.currentPage));
  if (list.pageSize !== (spec.defaultPageSize ?? DEFAULT_PAGE_SIZE)) out.set('size', String(list.pageSize));
  if (list.sort) out.set('sort', list.sort);
  for (const [key, kind] of Object.entries(spec.filters)) {
    const value = (list as Record<string, unknown>)[key];
    if (kind === 'boolean' && value === true) out.set(key, '1');
    else if (kind === 'string' && typeof value === 'string' && value !== '') out.set(key, value);
  }
  return out;
}

/**
 * The list's parameters and a setter. A change of filters or sort goes back to page 1; a change
 * of page keeps the rest. Setting a key to undefined removes it.
 */
export function useListParams<F extends Record<string, FieldKind>, S extends string = never>(spec: ListSpec<F, S>) {
  const [params, setParams] = useSearchParams();
  const list = useMemo(() => readListParams(params, spec), [params, spec]);
  const update = (patch: Partial<ListParams<F, S>>) => {
    const paging = 'currentPage' in patch || 'pageSize' in patch;
    const next = { ...list, ...(paging ? {} : { currentPage: 1 }), ...patch } as ListParams<F, S>;
    setParams(writeListParams(next, spec, params));
  };
  return [list, update] as const;
}

/**
 * A search box over a list whose keyword is in the address: the box is the user's until the
 * address's keyword changes (a search, Back, Forward), then it shows the address's. Adjusted while
 * rendering, as React advises, not in an effect.
 */
export function useKeywordBox(addressKeyword: string | undefined): [string, (value: string) => void] {
  const [keyword, setKeyword] = useState(addressKeyword ?? '');
  const [shownFor, setShownFor] = useState(addressKeyword);
  if (shownFor !== addressKeyword) {
    setShownFor(addressKeyword);
    setKeyword(addressKeyword ?? '');
  }
  return [keyword, setKeyword];
}
