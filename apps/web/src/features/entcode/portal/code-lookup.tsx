// A code typed by hand: the check character catches a wrong or swapped character before anything is sent.
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ENTCODE_MSG, ENTCODE_PAGE, isValidCode, normalizeCode } from '@hqt/contract/entcode';

export function CodeLookup() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    if (!isValidCode(value)) {
      setProblem(value.trim() ? ENTCODE_MSG.invalid : '请输入企业码');
      return;
    }
    void navigate(`${ENTCODE_PAGE}?code=${normalizeCode(value)}`);
  };

  return (
    <Form layout="vertical" onFinish={submit} className="entcode-lookup">
      <Form.Item label="企业码" htmlFor="entcode-input" validateStatus={problem ? 'error' : undefined} help={problem ?? '10 位字母和数字，如 ABCDE-FGHJK，大小写和横线均可'}>
        <Input
          id="entcode-input"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setProblem(null);
          }}
          placeholder="请输入企业码"
          maxLength={30}
          autoComplete="off"
          size="large"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        查询
      </Button>
    </Form>
  );
}
