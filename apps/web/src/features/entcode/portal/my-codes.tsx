// The account's enterprises and each one's code: the QR of the address the server gives, the code in
// large type, PNG (1024 px) and SVG downloads, and the printable code card in A6 or A4.
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Modal, QRCode, Radio, Skeleton, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import type { MyEntcode } from '@hqt/contract/entcode';
import { entcodeQueries } from '../api/entcode-api';
import { useBureau } from '../ui/bureau';
import { CodeSheet, PAPERS, PrintSheet, type Paper } from '../ui/code-sheet';
import { PNG_SIZE, QR_LOOK } from '../ui/qr';
import { savePng, saveSvg } from '../ui/qr-files';

export function MyCodes() {
  const { data, isLoading } = useQuery(entcodeQueries.mine());
  const [printing, setPrinting] = useState<MyEntcode | null>(null);
  if (isLoading || !data) return <Card title="我的企业码"><Skeleton active /></Card>;
  return (
    <Card title="我的企业码">
      {data.length === 0 ? (
        <Empty description="账号下还没有企业。在政策计算中添加企业并保存后，即可获得企业码" />
      ) : (
        <div className="entcode-mine">
          {data.map((item) => (
            <CodeTile key={item.codeId} item={item} onPrint={() => setPrinting(item)} />
          ))}
        </div>
      )}
      {printing && <PrintDialog item={printing} onClose={() => setPrinting(null)} />}
    </Card>
  );
}

function CodeTile({ item, onPrint }: { item: MyEntcode; onPrint: () => void }) {
  const png = useRef<HTMLDivElement>(null);
  const svg = useRef<HTMLDivElement>(null);
  const live = item.status === 'active';
  const fileName = `企业码-${item.enterpriseName}-${item.code}`;
  return (
    <section className="entcode-tile" aria-label={item.enterpriseName}>
      <div className="entcode-tile-name">
        {item.enterpriseName}
        {!live && <Tag color="warning">{item.statusLabel}</Tag>}
      </div>
      <div className="entcode-tile-credit">统一社会信用代码 {item.creditCode}</div>
      <div ref={svg}>
        <QRCode value={item.url} type="svg" size={200} {...QR_LOOK} aria-label={`${item.enterpriseName}的企业码二维码，码号 ${item.display}`} />
      </div>
      <div className="entcode-code-large">
        {item.display}
      </div>
      {live ? (
        <Space wrap className="entcode-tile-actions">
          <Button onClick={() => savePng(png.current, `${fileName}.png`)}>下载 PNG</Button>
          <Button onClick={() => saveSvg(svg.current, `${fileName}.svg`)}>下载 SVG</Button>
          <Button type="primary" onClick={onPrint}>
            打印企业码名片
          </Button>
        </Space>
      ) : (
        <Alert type="warning" showIcon title={`该企业码${item.statusLabel}，暂不能使用。如有疑问请联系工信局。`} />
      )}
      {/* The PNG's source: the same QR drawn at the download's size, off-screen. */}
      <div ref={png} className="entcode-offscreen" aria-hidden>
        <QRCode value={item.url} type="canvas" size={PNG_SIZE} {...QR_LOOK} />
      </div>
    </section>
  );
}

function PrintDialog({ item, onClose }: { item: MyEntcode; onClose: () => void }) {
  const bureau = useBureau();
  const [paper, setPaper] = useState<Paper>('a6');
  return (
    <Modal title="打印企业码名片" open onCancel={onClose} onOk={() => window.print()} okText="打印" cancelText="取消" width={560} destroyOnHidden>
      <Radio.Group
        aria-label="纸张"
        value={paper}
        onChange={(e) => setPaper(e.target.value as Paper)}
        options={(Object.keys(PAPERS) as Paper[]).map((p) => ({ value: p, label: PAPERS[p].label }))}
      />
      <div className="entcode-preview">
        <CodeSheet item={item} bureau={bureau} paper={paper} />
      </div>
      <PrintSheet item={item} bureau={bureau} paper={paper} />
    </Modal>
  );
}
