// What a page that acts for one of the account's enterprises shows while the account holds none: why,
// in the page's words, and 添加企业, which opens 政策计算's new-enterprise form (where enterprises are added).
import { Button, Empty } from 'antd';
import { useNavigate } from 'react-router';

/** 政策计算's form for a new enterprise. */
export const NEW_ENTERPRISE_PATH = '/policyCalculation/policyCalculation?edit=new';

export function NoEnterprise({ description }: { description: string }) {
  const navigate = useNavigate();
  return (
    <Empty description={description}>
      <Button type="primary" onClick={() => void navigate(NEW_ENTERPRISE_PATH)}>
        添加企业
      </Button>
    </Empty>
  );
}
