// The site's identity: the bureau's logo (or the built-in mark), the platform's name and, beneath
// it, the bureau that runs it. The shell's header and the login page's banner show it.
import { theme } from 'antd';
import type { PlatformInfo } from '@hqt/contract/auth';
import './brand.css';

/** The built-in mark: 惠 on the theme's primary colour, as the favicon has it on the portal's blue. */
function Mark({ colour }: { colour: string }) {
  return (
    <svg viewBox="0 0 32 32" className="brand-logo" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill={colour} />
      <text x="16" y="23" fontSize="18" textAnchor="middle" fill="#fff" fontWeight="700">
        惠
      </text>
    </svg>
  );
}

export function Brand({ platform, inverse = false }: { platform: PlatformInfo | null | undefined; inverse?: boolean }) {
  const { token } = theme.useToken(); // the name and the mark follow the chosen theme
  return (
    <span className={`brand-block${inverse ? ' brand-inverse' : ''}`}>
      {platform?.logoUrl ? <img src={platform.logoUrl} alt="" className="brand-logo" /> : <Mark colour={inverse ? '#1658d8' : token.colorPrimary} />}
      <span className="brand-text">
        <span className="brand-name" style={inverse ? undefined : { color: token.colorPrimary }}>{platform?.platformName ?? '惠企通'}</span>
        {platform && <span className="brand-bureau">{platform.bureau.name}</span>}
      </span>
    </span>
  );
}
