import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, List, Skeleton, Steps, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { applyFormLink } from '@hqt/contract/apply';
import { AUTO_MODE } from '@hqt/contract/calculator-engine';
import { useIsMobile } from '@/shared/lib/use-is-mobile';
import { guideQueries } from '../api/guide-queries';
import { GuideStatusTag } from './guide-status-tag';
import { GuideVerdicts } from './guide-verdicts';
import { GuideConditionGroups } from '@/shared/ui/guide-rules-text';
import { RichText } from '@/shared/ui/rich-text';

const fmt = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** A guide in full: conditions in words, window, amount, contacts, materials, steps, the policy text. */
export function GuideDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const { data: g, isLoading } = useQuery({ ...guideQueries.detail(id ?? 0), enabled: id !== null });
  // The keyboard goes back to what opened the drawer (a guide's link) as it closes. antd's own return
  // (after the closing animation) was seen to leave the focus on the page's body: the link opens the
  // drawer by changing the address. Given back once the drawer has let go of the focus, and again when
  // its animation ends, if the focus is still in the drawer or nowhere.
  const open = id !== null;
  const opener = useRef<HTMLElement | null>(null);
  const giveBack = () => {
    const back = opener.current;
    const active = document.activeElement;
    if (back?.isConnected && (!active || active === document.body || active.closest('.guide-drawer'))) back.focus({ preventScroll: true });
  };
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body && !active.closest('.guide-drawer') ? active : null;
    return () => void setTimeout(giveBack);
  }, [open]);
  return (
    <Drawer open={open} onClose={onClose} size={isMobile ? '100%' : 760} title={g?.title ?? '申报指南'} destroyOnHidden
      rootClassName="guide-drawer"
      focusable={{ focusTriggerAfterClose: false }}
      afterOpenChange={(visible) => visible || giveBack()}
    >
      {isLoading || !g ? (
        <Skeleton active />
      ) : (
        <article className="guide-detail">
          <p>
            <GuideStatusTag status={g.status} /> <Tag>{g.levelLabel}</Tag> <Tag color="purple">{g.modeLabel}</Tag>
          </p>
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 110, whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label="所属政策">
              {g.policy.title}（{g.policy.docNo}）
            </Descriptions.Item>
            <Descriptions.Item label="惠及对象">{g.beneficiaries}</Descriptions.Item>
            <Descriptions.Item label="申报条件">
              <GuideConditionGroups groups={g.conditionGroups} />
              <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
                {g.conditionsText}
              </Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label="支持标准">{g.amountText}</Descriptions.Item>
            <Descriptions.Item label="申报时间">
              {fmt(g.windowStart)} 至 {fmt(g.windowEnd)}
            </Descriptions.Item>
            <Descriptions.Item label="兑现时限">{g.payoutDays > 0 ? `${g.payoutDays} 个工作日` : '申报即享受'}</Descriptions.Item>
            <Descriptions.Item label="受理部门">{g.contact.department}</Descriptions.Item>
            <Descriptions.Item label="受理地址">{g.contact.address}</Descriptions.Item>
            <Descriptions.Item label="咨询电话">
              <a href={`tel:${g.contact.phone}`}>{g.contact.phone}</a>
            </Descriptions.Item>
            {g.onlineUrl && (
              <Descriptions.Item label="在线申报">
                <a href={g.onlineUrl} target="_blank" rel="noopener noreferrer">
                  {g.onlineUrl}
                </a>
              </Descriptions.Item>
            )}
          </Descriptions>
          {g.status === 'open' && g.mode !== AUTO_MODE && (
            <Button type="primary" size="large" style={{ margin: '16px 0 4px' }} onClick={() => void navigate(applyFormLink(g.id))}>
              在线申报
            </Button>
          )}
          <GuideVerdicts guideId={g.id} />
          <Typography.Title level={5}>申报材料</Typography.Title>
          <List size="small" bordered dataSource={g.materials} renderItem={(m, i) => <List.Item>{`${i + 1}. ${m}`}</List.Item>} />
          <Typography.Title level={5}>办理流程</Typography.Title>
          <Steps orientation="vertical" size="small" current={-1} items={g.steps.map((s) => ({ title: s }))} />
          <Typography.Title level={5}>
            政策原文：{g.policy.title}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {g.policy.departmentLabel} · {g.policy.levelLabel} · 发布日期 {g.policy.publishDate}
            {g.policy.expiryDate ? ` · 有效期至 ${g.policy.expiryDate}` : ''}
          </Typography.Paragraph>
          <RichText html={g.policy.contentHtml} />
          {g.policy.interpretationHtml && (
            <>
              <Typography.Title level={5}>政策解读</Typography.Title>
              <RichText html={g.policy.interpretationHtml} />
            </>
          )}
        </article>
      )}
    </Drawer>
  );
}
