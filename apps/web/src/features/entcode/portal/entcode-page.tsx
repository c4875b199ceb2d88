// 企业赋码 (/enterCode/enterCode, public): with ?code= the card the code opens (a visitor's public
// card, the owner's links, staff's record); without, a box to type a code and — for an enterprise
// account — its enterprises' codes to download and print.
import { Card } from 'antd';
import { useSearchParams } from 'react-router';
import { ROLES } from '@hqt/contract/auth';
import { useSession } from '@/shared/session/session-store';
import { CardView } from './card-view';
import { CodeLookup } from './code-lookup';
import { MyCodes } from './my-codes';
import './entcode.css';

export default function EntcodePage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const isEnterprise = useSession((s) => s.roles.includes(ROLES.enterprise.name));
  if (code) return <CardView key={code} code={code} />;
  return (
    <div className="entcode-page">
      <Card title="查询企业码">
        <CodeLookup />
      </Card>
      {isEnterprise && <MyCodes />}
    </div>
  );
}
