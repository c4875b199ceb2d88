import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { platformQuery } from '@/shared/api/query-client';
import { useRoutes } from '../site-context';

/**
 * The footer: the service links, the bureau's contact block, and the items a Chinese government
 * site carries (网站标识码, ICP 备案号, 公安机关备案号), each from configuration and shown only when set.
 */
export function SiteFooter() {
  const footerLinks = useRoutes('portal').filter((r) => r.footer !== undefined).sort((a, b) => a.footer! - b.footer!);
  const { data } = useQuery(platformQuery);
  const site = data?.site;
  return (
    <footer className="site-footer">
      <nav className="footer-links" aria-label="页脚导航">
        {footerLinks.map((p) => (
          <Link key={p.path} to={p.path}>
            {p.title}
          </Link>
        ))}
      </nav>
      {data && (
        <address className="footer-contact">
          <span>主办单位：{data.bureau.name}</span>
          <span>地址：{data.bureau.address}</span>
          <span>电话：{data.bureau.phone}</span>
          <span>邮箱：{data.bureau.email}</span>
        </address>
      )}
      {site && (site.code || site.icp || site.psb) && (
        <p className="footer-records">
          {site.code && <span>网站标识码：{site.code}</span>}
          {site.icp && (
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
              {site.icp}
            </a>
          )}
          {site.psb && (
            <a href="https://beian.mps.gov.cn/" target="_blank" rel="noopener noreferrer">
              {site.psb}
            </a>
          )}
        </p>
      )}
    </footer>
  );
}
