// 企业材料库 (/policyApply/materials[?enterprise=N]): the chosen enterprise's documents — kind, name,
// issuer, valid-until date (an expired one flagged: it cannot be chosen for an application) and the
// file — uploaded once and reused in every application; one not yet submitted can be removed.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Popconfirm, Select, Skeleton, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { APPLY_MSG, APPLY_PATHS, type Material } from '@hqt/contract/apply';
import { withId } from '@hqt/contract/calculator';
import { enterprisesQuery } from '@/shared/api/enterprises';
import { http } from '@/shared/api/http';
import { idInAddress } from '@/shared/lib/address-id';
import { toast } from '@/shared/ui/feedback';
import { FileButton } from '@/shared/upload/attachments';
import { applyQueries } from '../api/apply-api';
import { UploadMaterial } from '../ui/form-fields';
import { NoEnterprise } from '@/shared/ui/no-enterprise';

export default function MaterialsPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { data: enterprises } = useQuery(enterprisesQuery());
  const chosen = enterprises?.find((e) => e.id === idInAddress(params.get('enterprise'))) ?? enterprises?.[0];
  const { data: library, isLoading } = useQuery({ ...applyQueries.materials(chosen?.id ?? 0), enabled: Boolean(chosen) });
  if (!enterprises) return <Card title="企业材料库"><Skeleton active /></Card>;
  if (!chosen) {
    return (
      <Card title="企业材料库">
        <NoEnterprise description="请先在政策计算中添加您的企业信息" />
      </Card>
    );
  }
  const refresh = () => queryClient.invalidateQueries({ queryKey: applyQueries.materials(chosen.id).queryKey });
  const remove = async (m: Material) => {
    try {
      await http.delete(withId(APPLY_PATHS.removeMaterial, m.id));
      void toast.success(APPLY_MSG.materialRemoved);
      await refresh();
    } catch {
      // the HTTP client has shown why (a document submitted with an application is kept)
    }
  };
  const columns: TableColumnsType<Material> = [
    { title: '材料类型', dataIndex: 'kindLabel' },
    { title: '材料名称', dataIndex: 'name' },
    { title: '发证机关', dataIndex: 'issuer', render: (v: string) => v || '—' },
    { title: '有效期至', dataIndex: 'validUntil', render: (v: string | null, m) => (m.expired ? <Tag color="error">{`${v} 已过期`}</Tag> : (v ?? '长期有效')) },
    { title: '文件', dataIndex: 'fileName', render: (_: string, m) => <FileButton file={{ name: m.fileName, url: m.fileUrl }} /> },
    {
      title: '操作',
      key: 'actions',
      render: (_, m) => (
        <Popconfirm title={`删除「${m.name}」？已用于申报的材料不能删除。`} okText="删除" cancelText="取消" onConfirm={() => void remove(m)}>
          <Button type="link" danger size="small">
            删除
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Card title="企业材料库" extra={<UploadMaterial enterpriseId={chosen.id} onSaved={() => void refresh()} buttonLabel="上传材料" />}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {enterprises.length > 1 && (
          <Select aria-label="企业" value={chosen.id} style={{ minWidth: 220 }} options={enterprises.map((e) => ({ value: e.id, label: e.name }))} onChange={(id: number) => setParams({ enterprise: String(id) })} />
        )}
        <Table<Material> rowKey="id" columns={columns} dataSource={library ?? []} loading={isLoading} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: <Empty description="材料库中还没有材料：申报时上传的材料会保存在这里，下次直接选用" /> }} />
      </Space>
    </Card>
  );
}
