import { Pagination } from 'antd';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@hqt/contract/constants';

/** The global paginator (spec §2): page sizes 5, 10, 20, 30, 50; 20 by default. */
export function Paginator({
  total,
  totalCapped = false,
  currentPage,
  pageSize = DEFAULT_PAGE_SIZE,
  onChange,
}: {
  total: number;
  /** `total` is a lower bound (the server stopped counting): shown as 共 10000+ 条. */
  totalCapped?: boolean;
  currentPage: number;
  pageSize?: number;
  onChange: (page: number, size: number) => void;
}) {
  return (
    <Pagination
      style={{ marginTop: 16, justifyContent: 'flex-end' }}
      total={total}
      current={currentPage}
      pageSize={pageSize}
      pageSizeOptions={PAGE_SIZES.map(String)}
      showSizeChanger
      showQuickJumper
      showTotal={(t) => `共 ${t}${totalCapped ? '+' : ''} 条`}
      onChange={onChange}
    />
  );
}
