// The front door (public): who runs the portal, a policy search that opens the market, the
// services, what was published lately, what closes soon, the topics and the figures. Plain
// elements rather than antd's cards and lists: it is opened on phones in townships.
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PageOf } from '@hqt/contract/envelope';
import { POLICY_PATHS, type GuideSummary, type Statistics, type TopicSummary } from '@hqt/contract/policy';
import { MARKET_PATH } from '@hqt/contract/policy-links';
import { POLICY_DOCS_VIEW } from '@/features/policy/links';
import { GuideStatusTag } from '@/features/policy/ui/guide-status-tag';
import { TopicCover } from '@/features/policy/ui/topic-cover';
import { appealStatsQueries } from '@/features/appeal/api/appeal-stats-api';
import { AppealTotalsFigures } from '@/features/appeal/home/appeal-totals';
import { ApplyTotalsFigures } from '@/features/payout/home/apply-totals';
import { http } from '@/shared/api/http';
import { platformQuery } from '@/shared/api/query-client';
import { BarChart } from '@/shared/ui/bar-chart';
import { useRoutes } from '../site-context';
import './home-page.css';

// Loaded when a visitor opens a guide.
const GuideDetailDrawer = lazy(() => import('@/features/policy/ui/guide-detail-drawer').then((m) => ({ default: m.GuideDetailDrawer })));

const HOT_KEYWORDS = ['研发费用', '专精特新', '技术改造', '贷款贴息', '稳岗'];

const guidePage = (body: Record<string, unknown>) => http.post<PageOf<GuideSummary>>(POLICY_PATHS.guidePage, { currentPage: 1, ...body });
const homeQueries = {
  stats: { queryKey: ['home', 'stats'], queryFn: () => http.get<Statistics>(POLICY_PATHS.statistics) },
  recent: { queryKey: ['home', 'recent'], queryFn: () => guidePage({ pageSize: 6, sort: 'date' }) },
  open: { queryKey: ['home', 'open'], queryFn: () => guidePage({ pageSize: 100, openNow: true }) },
  topics: { queryKey: ['home', 'topics'], queryFn: () => http.post<PageOf<TopicSummary>>(POLICY_PATHS.topicPage, { currentPage: 1, pageSize: 3 }) },
};

/** Each figure, and the list it counts where there is one. */
const FIGURES: [keyof Statistics, string, string?][] = [
  ['policies', '政策文件', POLICY_DOCS_VIEW],
  ['guides', '申报指南'],
  ['openGuides', '正在申报'],
  ['topics', '政策专题'],
  ['enterprises', '服务企业'],
];

function GuideRows({ guides, date, onOpen, empty }: { guides: GuideSummary[] | undefined; date: (g: GuideSummary) => string; onOpen: (id: number) => void; empty: string }) {
  if (guides && !guides.length) return <p className="home-empty">{empty}</p>;
  return (
    <ul className="home-guides">
      {guides?.map((g) => (
        <li key={g.id}>
          <button type="button" className="home-guide-title" onClick={() => onOpen(g.id)}>
            {g.title}
          </button>
          <span className="home-guide-meta">
            <GuideStatusTag status={g.status} />
            <span className="home-guide-dept">{g.departmentLabel}</span>
            <time>{date(g)}</time>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A titled block of the home page, with a link to the whole list when there is one. */
function Panel({ id, title, more, children }: { id: string; title: string; more?: { to: string; label: string }; children: ReactNode }) {
  return (
    <section className="home-panel" aria-labelledby={`${id}-title`}>
      <header>
        <h2 id={`${id}-title`}>{title}</h2>
        {more && <Link to={more.to}>{more.label}</Link>}
      </header>
      {children}
    </section>
  );
}

export default function HomePage() {
  const navigate = useNavigate();
  const homeTiles = useRoutes('portal').filter((r) => r.tile).sort((a, b) => a.tile!.order - b.tile!.order);
  const { data: platform } = useQuery(platformQuery);
  const { data: stats } = useQuery(homeQueries.stats);
  const { data: recent } = useQuery(homeQueries.recent);
  const { data: open } = useQuery(homeQueries.open);
  const { data: topicPage } = useQuery(homeQueries.topics);
  const { data: appealTotals } = useQuery(appealStatsQueries.totals());
  const [openId, setOpenId] = useState<number | null>(null);

  const search = (keyword: string) => {
    const k = keyword.trim();
    void navigate(k ? `${MARKET_PATH}?keyword=${encodeURIComponent(k)}` : MARKET_PATH);
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    search(String(new FormData(e.currentTarget).get('keyword') ?? ''));
  };

  const closingSoon = [...(open?.list ?? [])].sort((a, b) => a.windowEnd.localeCompare(b.windowEnd)).slice(0, 6);
  const bySupport = Object.entries(
    (open?.list ?? []).reduce<Record<string, number>>((acc, g) => ({ ...acc, [g.supportTypeLabel]: (acc[g.supportTypeLabel] ?? 0) + 1 }), {}),
  ).map(([label, value]) => ({ label, value }));

  return (
    <div className="front-door">
      <section className="hero" aria-labelledby="hero-title">
        {platform && <p className="hero-bureau">{platform.bureau.name}主办</p>}
        <h1 id="hero-title">惠企政策 一站通达</h1>
        <p className="hero-lead">政策找企业，企业找政策：查政策、算扶持、提诉求，一个平台办到底。</p>
        <form role="search" className="hero-search" onSubmit={submit}>
          <input name="keyword" type="search" aria-label="搜索政策" placeholder="输入关键词，搜索政策文件与申报指南" maxLength={50} enterKeyHint="search" />
          <button type="submit">搜索</button>
        </form>
        <p className="hero-hot">
          <span>热门：</span>
          {HOT_KEYWORDS.map((k) => (
            <button key={k} type="button" onClick={() => search(k)}>
              {k}
            </button>
          ))}
        </p>
        <dl className="hero-figures">
          {FIGURES.map(([key, label, to]) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd>
                {to ? (
                  <Link to={to} className="hero-figure-link" aria-label={`${label} ${stats?.[key] ?? ''}，查看全部`}>
                    {stats?.[key] ?? '—'}
                  </Link>
                ) : (
                  (stats?.[key] ?? '—')
                )}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <nav className="service-tiles" aria-label="服务入口">
        {homeTiles.map((t) => (
          <Link key={t.path} to={t.path} className="service-tile">
            <span className="service-icon" aria-hidden="true">
              {t.icon && (
                <Suspense fallback={null}>
                  <t.icon />
                </Suspense>
              )}
            </span>
            <strong>{t.title}</strong>
            <span>{t.tile!.blurb}</span>
          </Link>
        ))}
      </nav>

      <div className="home-columns">
        <Panel id="recent" title="最新发布" more={{ to: `${MARKET_PATH}?sort=date`, label: '更多' }}>
          <GuideRows guides={recent?.list} date={(g) => `发布 ${dayjs(g.publishedAt).format('MM-DD')}`} onOpen={setOpenId} empty="暂无新发布的指南" />
        </Panel>
        <Panel id="closing" title="即将截止的申报" more={{ to: `${MARKET_PATH}?openNow=1`, label: '更多' }}>
          <GuideRows guides={open && closingSoon} date={(g) => `截止 ${dayjs(g.windowEnd).format('MM-DD')}`} onOpen={setOpenId} empty="暂无正在申报的指南" />
        </Panel>
      </div>

      <div className="home-columns home-columns-topics">
        <Panel id="topics" title="政策专题" more={{ to: '/policyTopics/policyTopics', label: '全部专题' }}>
          <div className="home-topics">
            {topicPage?.list.map((t) => (
              <Link key={t.id} to={`/policyTopics/policyTopics?id=${t.id}`} className="home-topic">
                <TopicCover topic={t} compact />
                <span>{t.title}</span>
              </Link>
            ))}
          </div>
        </Panel>
        <Panel id="chart" title="正在申报的指南（按扶持方式）">
          <BarChart title="正在申报的指南按扶持方式分布" data={bySupport} />
        </Panel>
      </div>

      <Panel id="appeals" title="企业诉求办理" more={{ to: '/enterpriseDemands/enterpriseDemands', label: '我要提诉求' }}>
        <AppealTotalsFigures totals={appealTotals} />
      </Panel>

      <Panel id="payouts" title="政策兑现" more={{ to: '/publicity', label: '公示公告' }}>
        <ApplyTotalsFigures />
      </Panel>

      {openId !== null && (
        <Suspense fallback={null}>
          <GuideDetailDrawer id={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      )}
    </div>
  );
}
