// 对公账户 as every form asks it (在线申报, 更正对公账户 after a return, 免申即享's 确认享受): the 户名 fixed to
// the enterprise's name (the server refuses another), the 开户行 and the 账号, checked with the
// contract's limits before anything is sent. `prefix` nests the two fields (['bankAccount']).
import { Form, Input } from 'antd';
import { APPLY_LENGTH, APPLY_MSG } from '@hqt/contract/apply';

export function BankAccountFields({ holder, prefix = [] }: { holder: string; prefix?: string[] }) {
  return (
    <>
      <Form.Item label="户名" extra={APPLY_MSG.accountNameMismatch}>
        <Input value={holder} disabled />
      </Form.Item>
      <Form.Item name={[...prefix, 'bank']} label="开户行" rules={[{ required: true, whitespace: true, message: '请填写开户行' }, { max: APPLY_LENGTH.bankName, message: `开户行不能超过 ${APPLY_LENGTH.bankName} 个字` }]}>
        <Input maxLength={APPLY_LENGTH.bankName} />
      </Form.Item>
      <Form.Item name={[...prefix, 'number']} label="账号" rules={[{ required: true, message: '请填写账号' }, { pattern: /^\d{8,30}$/, message: '账号应为 8–30 位数字' }]}>
        <Input inputMode="numeric" maxLength={30} />
      </Form.Item>
    </>
  );
}
