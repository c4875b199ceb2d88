// The pieces of an application form as the enterprise fills it, drawn from the form's data: one
// field (checked with the server's own rule, fieldError), marked 已预填 where the bureau already
// knew the value; one required material, chosen from the 材料库 (an expired one shown, not
// choosable) or uploaded into it then and there. The form and the 补正 answer both use them.
import { Button, DatePicker, Form, Input, Modal, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { APPLY_MSG, MATERIAL_KINDS, PREFILL_SOURCES, type FormField, type Material, type MaterialKind, type MaterialRequirement } from '@hqt/contract/apply';
import { fieldError, materialLabel } from '@hqt/contract/apply-form';
import type { UploadedFile } from '@hqt/contract/files';
import { toast } from '@/shared/ui/feedback';
import { AttachmentField } from '@/shared/upload/attachments';
import { saveMaterial } from '../api/apply-api';

const DAY = 'YYYY-MM-DD';

/** The input for a field's type; Form.Item gives it `value` and `onChange`, passed on to the input. */
function Control({ field, ...control }: { field: FormField; value?: string; onChange?: (v: unknown) => void; id?: string }) {
  switch (field.type) {
    case 'textarea':
      return <Input.TextArea {...control} rows={3} maxLength={field.max} showCount={field.max !== undefined} />;
    case 'number':
    case 'money':
      return <Input {...control} inputMode="decimal" suffix={field.type === 'money' ? '万元' : undefined} />;
    case 'phone':
      return <Input {...control} inputMode="tel" maxLength={20} />;
    case 'select':
      return <Select {...control} allowClear options={(field.options ?? []).map((o) => ({ value: o, label: o }))} placeholder="请选择" />;
    default:
      return <Input {...control} maxLength={field.max ?? 200} />;
  }
}

/** One field of the form under `values.<key>`; `known`: what the bureau prefilled (shown as such). */
export function FieldItem({ field, known }: { field: FormField; known?: string }) {
  const label = (
    <span>
      {field.label}
      {known !== undefined && field.prefill && (
        <Tag color="green" style={{ marginInlineStart: 8 }} title={`来自${PREFILL_SOURCES[field.prefill]}`}>
          已预填
        </Tag>
      )}
    </span>
  );
  const rules = [{ validator: async (_: unknown, v: string | undefined) => { const e = fieldError(field, v); if (e) throw new Error(e); } }];
  if (field.type === 'date') {
    return (
      <Form.Item name={['values', field.key]} label={label} required={field.required} rules={rules} extra={field.help} getValueProps={(v: string | undefined) => ({ value: v ? dayjs(v) : undefined })} normalize={(d: dayjs.Dayjs | null) => (d ? d.format(DAY) : '')}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
    );
  }
  return (
    <Form.Item name={['values', field.key]} label={label} required={field.required} rules={rules} extra={field.help}>
      <Control field={field} />
    </Form.Item>
  );
}

/**
 * 上传到材料库: the file, its name, issuer and valid-until date, for a requirement's kind (the saved
 * document is then chosen for it) or, in the 材料库's own page, of a kind chosen here.
 */
export function UploadMaterial({ enterpriseId, requirement, onSaved, buttonLabel = '上传新材料' }: { enterpriseId: number; requirement?: MaterialRequirement; onSaved: (m: Material) => void; buttonLabel?: string }) {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ kind: MaterialKind; files: UploadedFile[]; name: string; issuer?: string; validUntil?: dayjs.Dayjs | null }>();
  const label = requirement ? materialLabel(requirement) : '材料';
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const kind = requirement?.kind ?? v.kind;
      const saved = await saveMaterial({ enterpriseId, kind, name: v.name.trim(), issuer: v.issuer?.trim() ?? '', validUntil: v.validUntil ? v.validUntil.format(DAY) : null, fileId: v.files[0]!.id });
      void toast.success(APPLY_MSG.materialSaved);
      onSaved(saved);
      setOpen(false);
    } catch {
      // the HTTP client has shown why
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>{buttonLabel}</Button>
      <Modal title={`上传${label}`} open={open} onCancel={() => setOpen(false)} onOk={() => void save()} okText="保存到材料库" cancelText="取消" confirmLoading={saving} destroyOnHidden>
        <Form form={form} layout="vertical" initialValues={{ name: requirement ? label : '', files: [] }} preserve={false}>
          {!requirement && (
            <Form.Item name="kind" label="材料类型" rules={[{ required: true, message: '请选择材料类型' }]}>
              <Select options={Object.entries(MATERIAL_KINDS).map(([value, text]) => ({ value, label: text }))} placeholder="请选择" />
            </Form.Item>
          )}
          <Form.Item name="files" label="文件" rules={[{ validator: async (_, v: UploadedFile[]) => { if (!v?.length) throw new Error(APPLY_MSG.materialRequired(label)); } }]}>
            <AttachmentField label={`选择${label}文件`} />
          </Form.Item>
          <Form.Item name="name" label="材料名称" rules={[{ required: true, whitespace: true, message: '请填写材料名称' }, { max: 60, message: '材料名称不能超过 60 个字' }]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="issuer" label="发证机关（选填）" rules={[{ max: 60, message: '发证机关不能超过 60 个字' }]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="validUntil" label="有效期至（长期有效可不填）">
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** One material the form asks for, under `materials.<kind>`: a document of the library (valid ones only), or one uploaded now. */
export function MaterialItem({ requirement, library, enterpriseId, onUploaded }: { requirement: MaterialRequirement; library: Material[]; enterpriseId: number; onUploaded: (m: Material) => void }) {
  const label = materialLabel(requirement);
  const own = library.filter((m) => m.kind === requirement.kind);
  const form = Form.useFormInstance();
  return (
    <Form.Item label={`${label}（${MATERIAL_KINDS[requirement.kind as MaterialKind]}）`} required={requirement.required} extra={own.some((m) => m.expired) ? '已过期的材料不能选用，请上传有效的材料' : undefined}>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Form.Item name={['materials', requirement.kind]} noStyle rules={requirement.required ? [{ required: true, message: APPLY_MSG.materialRequired(label) }] : []}>
          <Select<number>
            aria-label={label}
            style={{ minWidth: 260, flex: 1 }}
            placeholder={own.length ? '从材料库选择' : '材料库中还没有该类材料'}
            allowClear
            options={own.map((m) => ({
              value: m.id,
              disabled: m.expired,
              label: `${m.name}${m.validUntil ? `（有效期至 ${m.validUntil}${m.expired ? '，已过期' : ''}）` : '（长期有效）'}`,
            }))}
          />
        </Form.Item>
        <UploadMaterial
          enterpriseId={enterpriseId}
          requirement={requirement}
          onSaved={(m) => {
            onUploaded(m);
            form.setFieldValue(['materials', requirement.kind], m.id);
            void form.validateFields([['materials', requirement.kind]]);
          }}
        />
      </div>
      {own.length === 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          上传后保存到企业材料库，下次申报可直接选用
        </Typography.Text>
      )}
    </Form.Item>
  );
}
