// The calculator's reverse list: the enterprises one guide's rules admit today, largest estimated
// amount first — for a 免申即享 guide, the list the bureau fulfils without an application.
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { Link, useParams } from 'react-router';
import type { QualifiedEnterprise } from '@hqt/contract/calculator-console';
import { ADMIN_BASE } from '@/config/routes';
import type { ExportColumn } from '@/shared/lib/export-format';
import type { ListSpec } from '@/shared/lists/use-list-params';
import { consoleKeys } from '@/shared/console/console-api';
import { qualifiedApi } from '../api/qualified-api';
import { ConsoleList, SearchFilter } from '@/shared/console/console-list';

const LIST: ListSpec<{ keyword: 'string' }, never> = { filters: { keyword: 'string' } };
const col = (field: keyof QualifiedEnterprise, title: string): ExportColumn => ({ field, key: field, title, displayName: title });
const EXPORT_COLUMNS: ExportColumn[] = [
  col('name', '企业名称'),
  col('creditCode', '统一社会信用代码'),
  col('accountName', '所属账号'),
  col('scaleLabel', '企业规模'),
  col('regionLabel', '所在乡镇（街道）'),
  col('amount', '预计金额（万元）'),
  col('amountText', '金额测算'),
];

export default function GuideQualifiedPage() {
  const id = Number(useParams().id);
  const { data: guide } = useQuery({ queryKey: [...consoleKeys.area('guide'), id], queryFn: () => qualifiedApi.guide(id) });
  return (
    <>
      {guide && (
        <Alert
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          message={
            <>
              申报指南：<Link to={`${ADMIN_BASE}/guides/${id}`}>{guide.title}</Link>。按企业已填报的信息测算，结果仅供参考，以实际审核为准。
            </>
          }
        />
      )}
      <ConsoleList<QualifiedEnterprise, typeof LIST.filters>
        title="符合条件的企业"
        spec={LIST}
        queryKey={[...consoleKeys.area('enterprise'), 'qualified', id]}
        fetchPage={({ keyword, currentPage, pageSize }) => qualifiedApi.guideQualified(id, { keyword, currentPage, pageSize })}
        filters={(p, update) => <SearchFilter value={p.keyword} placeholder="企业名称/信用代码" width={240} onSearch={(keyword) => update({ keyword })} />}
        columns={[
          { title: '企业名称', dataIndex: 'name', render: (name: string, r) => <Link to={`${ADMIN_BASE}/enterprises/${r.id}`}>{name}</Link> },
          { title: '统一社会信用代码', dataIndex: 'creditCode' },
          { title: '所属账号', dataIndex: 'accountName' },
          { title: '企业规模', dataIndex: 'scaleLabel' },
          { title: '所在乡镇（街道）', dataIndex: 'regionLabel' },
          { title: '预计金额（万元）', dataIndex: 'amount', render: (v: number | null) => v ?? '—' },
          { title: '金额测算', dataIndex: 'amountText' },
        ]}
        exportColumns={EXPORT_COLUMNS}
      />
    </>
  );
}
