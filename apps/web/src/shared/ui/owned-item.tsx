// The frame of one owned item opened by its id (an appeal, a visit): loading, then the item; or, for
// an id that is not the account's (the server's 404), 「X不存在」 with the way back, and for any other
// failure 「X加载失败」 with 重试. A 404 is not retried: asking again cannot change the answer.
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { ApiError } from '@/shared/api/http';
import { usePageTitle } from '@/shared/lib/page-title';

export function OwnedItem<T extends { number: string }, K extends QueryKey>({
  query,
  noun,
  onBack,
  children,
}: {
  query: UseQueryOptions<T, Error, T, K>;
  /** 诉求, 走访: the item's name in the messages, the tab's title and the way back. */
  noun: string;
  onBack: () => void;
  children: (item: T) => ReactNode;
}) {
  const { data, error, isLoading, refetch } = useQuery({ ...query, retry: (count, e) => !(e instanceof ApiError && e.code === 404) && count < 2 });
  // the tag and the tab are named by the item, as an opened guide is
  usePageTitle(data ? `${noun} ${data.number}` : undefined);
  if (isLoading) return <Card><Skeleton active /></Card>;
  if (error || !data) {
    const missing = error instanceof ApiError && error.code === 404;
    return (
      <Card>
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? `${noun}不存在` : `${noun}加载失败`}
          subTitle={missing ? `链接有误，或该${noun}不属于您名下的企业。` : error?.message}
          extra={[
            ...(missing
              ? []
              : [
                  <Button key="retry" onClick={() => void refetch()}>
                    重试
                  </Button>,
                ]),
            <Button key="back" type="primary" onClick={onBack}>
              返回{noun}列表
            </Button>,
          ]}
        />
      </Card>
    );
  }
  return <>{children(data)}</>;
}
