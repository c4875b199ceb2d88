import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fetchPlatformInfo } from '@/shared/api/auth-api';
import { FOOTER_LINKS } from '../navigation';

export const platformQuery = { queryKey: ['platform'], queryFn: fetchPlatformInfo, staleTime: Infinity };

/** The footer: the service links and the bureau's contact block, from the server's configuration. */
export function SiteFooter() {
  const { data } = useQuery(platformQuery);
  return (
    <footer className="site-footer">
      <nav className="footer-links" aria-label="页脚导航">
        {FOOTER_LINKS.map((p) => (
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
    </footer>
  );
}
