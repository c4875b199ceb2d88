// The frame of one workflow item in the console (诉求详情, 走访详情, 企业码详情): the id from the
// address and the detail read; a bad id or the server's 404 says the item does not exist and any
// other failure says it did not load, each with the way back to the list; then the card titled by
// the item, the way back beside the title, and the service's view of it in titled sections.
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Button, Card, Result, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '@/shared/api/http';
import { idInAddress } from '@/shared/lib/address-id';

/** A part of the item's view, named by its heading for assistive technology (or by `name`, when the heading says more). */
export function ConsoleSection({ title, name = title, children }: { title: string; name?: string; children: ReactNode }) {
  return (
    <section aria-label={name}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}

interface Props<T, K extends QueryKey> {
  query: (id: number) => UseQueryOptions<T, Error, T, K>;
  /** What a missing item is said to be (the service's 不存在 message). */
  notFound: string;
  /** 诉求, 走访, 企业码: in 「…加载失败」 and the title while it loads (「…详情」). */
  noun: string;
  back: { label: string; to: string };
  title: (item: T) => string;
  children: (item: T) => ReactNode;
}

export function ConsoleItemPage<T, K extends QueryKey>({ query, notFound, noun, back, title, children }: Props<T, K>) {
  const id = idInAddress(useParams().id);
  const navigate = useNavigate();
  const { data, isLoading, error } = useQuery({ ...query(id ?? 0), enabled: id !== null });
  const backButton = <Button onClick={() => void navigate(back.to)}>{back.label}</Button>;

  if (id === null || (error instanceof ApiError && error.code === 404)) return <Result status="404" title={notFound} extra={backButton} />;
  if (error) return <Result status="error" title={`${noun}加载失败`} extra={backButton} />;

  return (
    <Card title={data ? title(data) : `${noun}详情`} loading={isLoading} extra={backButton} styles={{ header: { flexWrap: 'wrap' }, title: { whiteSpace: 'normal' } }}>
      {data && children(data)}
    </Card>
  );
}
