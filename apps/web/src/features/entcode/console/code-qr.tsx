// A code as staff see it: its QR (the public page's address the server answers, error correction H
// like the printed sticker), the code in large type as printed, and its state (over the QR, faded,
// when the code is not in use).
import { Flex, QRCode, Typography } from 'antd';
import { formatCode } from '@hqt/contract/entcode';
import type { EntcodeDetail } from '@hqt/contract/entcode-console';
import { EntcodeStatusTag } from './status-tag';

export function CodeQr({ code, size = 160 }: { code: Pick<EntcodeDetail, 'code' | 'url' | 'status' | 'enterpriseName'>; size?: number }) {
  const live = code.status === 'active';
  return (
    <Flex vertical align="center" gap={8} style={{ flex: 'none' }}>
      <QRCode type="svg" value={code.url} size={size} errorLevel="H" status={live ? 'active' : 'expired'} statusRender={() => <EntcodeStatusTag status={code.status} />} aria-label={`${code.enterpriseName}的企业码二维码`} />
      <Typography.Text strong copyable={{ text: code.code, tooltips: ['复制企业码', '已复制'] }} style={{ fontSize: size < 160 ? 20 : 24, fontFamily: 'monospace', letterSpacing: 1, whiteSpace: 'nowrap' }}>
        {formatCode(code.code)}
      </Typography.Text>
      {live && <EntcodeStatusTag status={code.status} />}
    </Flex>
  );
}
