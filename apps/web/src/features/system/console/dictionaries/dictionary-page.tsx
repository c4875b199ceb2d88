// 字典管理 (管理员): the dictionaries the portal's filters and the content forms choose from. An item
// in use cannot be deleted, only disabled (the server refuses too). A dictionary is small: one table,
// no paging, still exported and printed through the global dialog.
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Col, Empty, Flex, Form, Grid, Input, InputNumber, Menu, Modal, Popconfirm, Row, Select, Space, Switch, Table, Tooltip, type TableColumnsType } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ConsoleDictItem, ConsoleDictType, DictItemInput } from '@hqt/contract/dict-console';
import { MSG } from '@hqt/contract/messages';
import type { ExportColumn } from '@/shared/lib/export-format';
import { useWrite } from '@/shared/lists/use-write';
import { toast } from '@/shared/ui/feedback';
import { consoleKeys, reportExport } from '@/shared/console/console-api';
import { systemApi } from '../../api/system-api';

const ExportPrintDialog = lazy(() => import('@/shared/ui/export-print-dialog'));

const DICT = consoleKeys.area('dict');
/** A change also refreshes the dictionaries every form and filter reads (shared/api/dictionaries.ts). */
const WRITES = [DICT, ['dictionary']];
const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
const CODE_MESSAGE = '编码只能包含字母、数字、下划线或连字符';

type ExtraField = ConsoleDictType['extraFields'][number];
const isNumeric = (f: ExtraField) => f.key === 'limitDays';

const col = (field: string, title: string): ExportColumn => ({ field, key: field, title, displayName: title });

export default function DictionaryPage() {
  const screens = Grid.useBreakpoint();
  const wide = screens.md ?? true;
  const [search, setSearch] = useSearchParams();
  const { data: types, isLoading: typesLoading } = useQuery({ queryKey: [...DICT, 'types'], queryFn: systemApi.dictTypes });
  const asked = search.get('type');
  const current = types?.find((t) => t.type === asked) ?? types?.[0] ?? null;
  const chooseType = (type: string) => {
    const next = new URLSearchParams(search);
    next.set('type', type);
    setSearch(next);
  };

  const picker =
    types && types.length > 0 ? (
      wide ? (
        <Menu
          mode="inline"
          style={{ borderInlineEnd: 'none' }}
          selectedKeys={current ? [current.type] : []}
          onClick={({ key }) => chooseType(key)}
          items={types.map((t) => ({
            key: t.type,
            label: (
              <Flex justify="space-between" align="center" gap={8}>
                <span>{t.name}</span>
                <Badge count={t.itemCount} showZero color="#595959" overflowCount={9999} />
              </Flex>
            ),
          }))}
        />
      ) : (
        <Select
          aria-label="字典类型"
          style={{ width: '100%' }}
          value={current?.type}
          onChange={chooseType}
          options={types.map((t) => ({ value: t.type, label: `${t.name}（${t.itemCount}）` }))}
        />
      )
    ) : null;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={7} lg={6} xl={5}>
        <Card title="字典类型" loading={typesLoading} styles={{ body: { padding: wide ? 8 : 12 } }}>
          {picker ?? <Empty description="暂无字典" />}
        </Card>
      </Col>
      <Col xs={24} md={17} lg={18} xl={19}>
        {current ? <DictItems key={current.type} dict={current} /> : <Card title="字典项" loading={typesLoading} />}
      </Col>
    </Row>
  );
}

/** The items of one dictionary, with their editor. */
function DictItems({ dict }: { dict: ConsoleDictType }) {
  const { data: items, isFetching } = useQuery({ queryKey: [...DICT, 'items', dict.type], queryFn: () => systemApi.dictItems(dict.type) });
  const [editing, setEditing] = useState<ConsoleDictItem | 'new' | null>(null);
  const [exporting, setExporting] = useState(false);
  const update = useWrite(({ id, input }: { id: number; input: DictItemInput }) => systemApi.updateDictItem(id, input), WRITES);
  const remove = useWrite((id: number) => systemApi.deleteDictItem(id), WRITES);

  const toggle = async (item: ConsoleDictItem, enabled: boolean) => {
    try {
      await update.mutateAsync({ id: item.id, input: { code: item.code, label: item.label, sort: item.sort, disabled: !enabled, extra: item.extra } });
      void toast.success(enabled ? `已启用「${item.label}」` : `已停用「${item.label}」`);
    } catch {
      // the HTTP client has shown why
    }
  };

  const del = async (item: ConsoleDictItem) => {
    try {
      await remove.mutateAsync(item.id);
      void toast.success(`已删除「${item.label}」`);
    } catch {
      // the server's message (正被使用 …) has been shown
    }
  };

  const columns: TableColumnsType<ConsoleDictItem> = [
    { title: '编码', dataIndex: 'code' },
    { title: '名称', dataIndex: 'label' },
    { title: '排序', dataIndex: 'sort' },
    ...dict.extraFields.map((f) => ({
      title: f.label,
      key: `extra.${f.key}`,
      render: (_: unknown, item: ConsoleDictItem) => item.extra?.[f.key] ?? '—',
    })),
    { title: '使用数', dataIndex: 'usage' },
    {
      title: '状态',
      key: 'state',
      render: (_, item) => (
        <Switch
          checked={!item.disabled}
          checkedChildren="启用"
          unCheckedChildren="停用"
          aria-label={`${item.label}：${item.disabled ? '已停用' : '已启用'}`}
          loading={update.isPending && update.variables?.id === item.id}
          onChange={(on) => void toggle(item, on)}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, item) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(item)}>
            编辑
          </Button>
          {item.usage > 0 ? (
            <Tooltip title={`正被 ${item.usage} 条内容使用，只能停用`}>
              <Button type="link" size="small" danger disabled>
                删除
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm
              title={`删除字典项「${item.label}」？`}
              description="删除后不可恢复。"
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => del(item)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const exportColumns: ExportColumn[] = [
    col('code', '编码'),
    col('label', '名称'),
    col('sort', '排序'),
    ...dict.extraFields.map((f) => col(`extra_${f.key}`, f.label)),
    col('usage', '使用数'),
    col('state', '状态'),
  ];
  const exportRows = () => {
    const rows = (items ?? []).map((item) => ({
      code: item.code,
      label: item.label,
      sort: item.sort,
      ...Object.fromEntries(dict.extraFields.map((f) => [`extra_${f.key}`, item.extra?.[f.key] ?? null])),
      usage: item.usage,
      state: item.disabled ? '停用' : '启用',
    }));
    return Promise.resolve({ rows, total: rows.length });
  };
  const title = `字典：${dict.name}`;

  return (
    <Card
      title={title}
      extra={
        <Flex gap={8} wrap>
          <Button type="primary" onClick={() => setEditing('new')}>
            新增字典项
          </Button>
          <Button onClick={() => setExporting(true)}>导出 / 打印</Button>
        </Flex>
      }
    >
      <Table<ConsoleDictItem> rowKey="id" columns={columns} dataSource={items ?? []} loading={isFetching} pagination={false} scroll={{ x: 'max-content' }} size="middle" />
      {editing && <DictItemDialog dict={dict} item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {exporting && (
        <Suspense fallback={null}>
          <ExportPrintDialog
            open
            onClose={() => setExporting(false)}
            title={title}
            columns={exportColumns}
            fetchRows={exportRows}
            onDone={(action, rows) => void reportExport(`${title}（${action === 'export' ? '导出' : '打印'}）`, rows)}
          />
        </Suspense>
      )}
    </Card>
  );
}

interface ItemForm {
  code: string;
  label: string;
  sort: number;
  extra?: Record<string, string | number | null | undefined>;
}

/** 新增 / 编辑 one item; the code of an existing item stays (content refers to it). */
function DictItemDialog({ dict, item, onClose }: { dict: ConsoleDictType; item: ConsoleDictItem | null; onClose: () => void }) {
  const [form] = Form.useForm<ItemForm>();
  const save = useWrite((input: DictItemInput) => (item ? systemApi.updateDictItem(item.id, input) : systemApi.createDictItem(dict.type, input)), WRITES);

  async function confirm() {
    let v: ItemForm;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    // Keys the form does not show are kept as they were.
    const extra: Record<string, string | number> = { ...(item?.extra ?? {}) };
    for (const f of dict.extraFields) {
      const value = v.extra?.[f.key];
      if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) delete extra[f.key];
      else extra[f.key] = typeof value === 'string' ? value.trim() : value;
    }
    const input: DictItemInput = {
      code: item ? item.code : v.code.trim(),
      label: v.label.trim(),
      sort: v.sort,
      disabled: item?.disabled ?? false,
      extra: Object.keys(extra).length > 0 ? extra : null,
    };
    try {
      await save.mutateAsync(input);
      void toast.success(item ? MSG.saved : '已新增字典项');
      onClose();
    } catch {
      // the HTTP client has shown the server's message (该编码已存在 …)
    }
  }

  const initial: ItemForm = item ? { code: item.code, label: item.label, sort: item.sort, extra: { ...(item.extra ?? {}) } } : { code: '', label: '', sort: 0, extra: {} };

  return (
    <Modal
      title={item ? `编辑字典项：${item.label}` : `新增字典项：${dict.name}`}
      open
      onCancel={onClose}
      onOk={confirm}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initial}>
        <Form.Item
          label="编码"
          name="code"
          extra={item ? '编码被内容引用，不可修改' : undefined}
          rules={item ? [] : [{ required: true, message: MSG.required }, { pattern: CODE_PATTERN, message: CODE_MESSAGE }]}
        >
          <Input maxLength={40} readOnly={Boolean(item)} disabled={Boolean(item)} />
        </Form.Item>
        <Form.Item label="名称" name="label" rules={[{ required: true, whitespace: true, message: MSG.required }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="排序" name="sort" rules={[{ required: true, message: MSG.required }]} extra="数字越小越靠前">
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {dict.extraFields.map((f) =>
          isNumeric(f) ? (
            <Form.Item key={f.key} label={f.label} name={['extra', f.key]} rules={[{ required: true, message: `请填写${f.label}` }]}>
              <InputNumber min={1} max={365} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          ) : (
            <Form.Item key={f.key} label={f.label} name={['extra', f.key]}>
              <Input maxLength={200} />
            </Form.Item>
          ),
        )}
      </Form>
    </Modal>
  );
}
