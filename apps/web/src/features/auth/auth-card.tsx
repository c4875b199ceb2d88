import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of the login and registration pages: the platform's name beside a form card. */
export function AuthCard({ title, children, other }: { title: string; children: ReactNode; other: { to: string; label: string } }) {
  return (
    <div className="auth-page">
      <section className="auth-banner">
        <Link to="/" className="auth-brand">
          惠企通
        </Link>
        <p>政策找企业 · 企业找政策</p>
        <ul>
          <li>政策计算：一键测算可享政策与扶持金额</li>
          <li>政策推送：新政发布实时送达</li>
          <li>企业诉求：限时办结，全程可查</li>
        </ul>
      </section>
      <main className="auth-card">
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
