// What an application holds, as submitted (the form version it was filled on) and corrected, as both
// sides read it: each section's values, the materials with their files, the 承诺 and the 对公账户,
// every 补正 asked and answered.
import { Descriptions, List, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ApplyDetail } from '@hqt/contract/apply';
import { FileButton } from '@/shared/upload/attachments';
import { ItemSection } from '@/shared/workflow/item-frame';

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** What was submitted, as submitted (the form version it was filled on), and every 补正. */
export function ApplicationContent({ application: a }: { application: ApplyDetail }) {
  return (
    <>
      {a.sections.map((s) => (
        <ItemSection key={s.title} title={s.title}>
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 160 } }}>
            {s.fields.map((f) => (
              <Descriptions.Item key={f.key} label={f.label}>
                {a.values[f.key] ? `${a.values[f.key]}${f.type === 'money' ? ' 万元' : ''}` : '—'}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </ItemSection>
      ))}
      <ItemSection title="申报材料">
        <List
          size="small"
          bordered
          dataSource={a.materials}
          renderItem={(m) => (
            <List.Item>
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{m.label}</Typography.Text>
                {m.material ? (
                  <>
                    <Typography.Text type="secondary">{`${m.material.name}${m.material.issuer ? ` · ${m.material.issuer}` : ''} · ${m.material.validUntil ? `有效期至 ${m.material.validUntil}` : '长期有效'}`}</Typography.Text>
                    <FileButton file={{ name: m.material.fileName, url: m.material.fileUrl }} />
                  </>
                ) : (
                  <Typography.Text type="secondary">未提交</Typography.Text>
                )}
              </Space>
            </List.Item>
          )}
        />
      </ItemSection>
      <ItemSection title="信用承诺">
        <Typography.Paragraph className="apply-commitment">{a.commitment.text}</Typography.Paragraph>
        <Typography.Text type="secondary">{`承诺人：${a.commitment.signer} · ${when(a.commitment.at)} · 对公账户：${a.bankAccount.bank} ${a.bankAccount.number}`}</Typography.Text>
      </ItemSection>
      {a.corrections.length > 0 && (
        <ItemSection title="补正记录">
          <List
            size="small"
            bordered
            dataSource={a.corrections}
            renderItem={(c, i) => (
              <List.Item>
                <Space orientation="vertical" size={0}>
                  <Typography.Text>{`第 ${i + 1} 次（${when(c.askedAt)}）：${[...c.fields.map((f) => f.label), ...c.materials.map((m) => m.label)].join('、')}`}</Typography.Text>
                  <Typography.Text type="secondary">{c.note}</Typography.Text>
                  <Typography.Text type={c.answeredAt ? 'success' : 'warning'}>{c.answeredAt ? `已于 ${when(c.answeredAt)} 补正` : '待补正'}</Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        </ItemSection>
      )}
    </>
  );
}
