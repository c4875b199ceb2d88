// 企业赋码's calls (ENTCODE_PATHS): the card a code opens and the account's own codes. The card's
// refusals (a wrong, unknown, frozen or revoked code) are shown on the page, not as a toast.
import { queryOptions } from '@tanstack/react-query';
import { ENTCODE_PATHS, type EntcodeCard, type MyEntcode } from '@hqt/contract/entcode';
import { http } from '@/shared/api/http';

export const entcodeQueries = {
  all: () => ['entcode'] as const,
  /** Every look-up is a counted scan under a per-address budget: asked once per page view. */
  card: (code: string) =>
    queryOptions({
      queryKey: [...entcodeQueries.all(), 'card', code],
      queryFn: () => http.get<EntcodeCard>(ENTCODE_PATHS.card, { params: { code }, silent: true }),
      staleTime: Infinity,
    }),
  mine: () =>
    queryOptions({
      queryKey: [...entcodeQueries.all(), 'mine'],
      queryFn: () => http.get<MyEntcode[]>(ENTCODE_PATHS.mine),
    }),
};
