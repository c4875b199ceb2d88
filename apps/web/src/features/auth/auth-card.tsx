import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePlatformInfo } from '@/shared/api/platform';
import { Brand } from '@/shared/ui/brand';
import { CareSwitch } from '@/shared/ui/care-switch';

/** The frame of the login and registration pages: who runs the portal beside a form card. */
export function AuthCard({ title, children, other }: { title: string; children: ReactNode; other: { to: string; label: string } }) {
  const platform = usePlatformInfo();
  return (
    <div className="auth-page">
      <section className="auth-banner">
        <Link to="/" className="auth-brand" aria-label="返回首页">
          <Brand platform={platform} inverse />
        </Link>
        <p>政策找企业 · 企业找政策</p>
        <ul>
          <li>政策计算：一键测算可享政策与扶持金额</li>
          <li>政策推送：新政发布实时送达</li>
          <li>企业诉求：限时办结，全程可查</li>
        </ul>
        {platform && (
          <address className="auth-contact">
            {platform.bureau.address} · 咨询电话 {platform.bureau.phone}
          </address>
        )}
      </section>
      <main className="auth-card">
        {/* 关怀版 before signing in too: the pages without the portal's header. */}
        <div className="auth-care">
          <CareSwitch />
        </div>
        <h1>{title}</h1>
        {children}
        <div className="auth-links">
          <Link to="/">返回首页</Link>
          <Link to={other.to}>{other.label}</Link>
        </div>
      </main>
    </div>
  );
}
