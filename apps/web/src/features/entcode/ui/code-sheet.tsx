// The printable code card (企业码名片): the enterprise's name, its QR and code, how to use it and the
// bureau's name and phone, laid out for A6 or A4. Shown as the dialog's preview, and rendered beside
// the app while the dialog is open: print CSS then shows it alone, on a page of the chosen size.
import { QRCode } from 'antd';
import { createPortal } from 'react-dom';
import type { MyEntcode } from '@hqt/contract/entcode';
import type { Bureau } from './bureau';
import { QR_LOOK } from './qr';
import './code-sheet.css';

export type Paper = 'a6' | 'a4';
/** `size` in millimetres: Chromium knows the keyword A4 but not A6 (it drops the rule). */
export const PAPERS: Record<Paper, { label: string; size: string }> = {
  a6: { label: 'A6（105×148 毫米，名片/门贴）', size: '105mm 148mm' },
  a4: { label: 'A4（210×297 毫米）', size: '210mm 297mm' },
};

export const HOW_TO_USE = ['用手机扫描二维码，查看企业名片和适用的惠企政策', '企业登录后扫码，可查看测算结果、提交诉求', '工作人员走访时扫码，即可打开企业档案'];

interface SheetProps {
  item: MyEntcode;
  bureau: Bureau | null;
  paper: Paper;
}

export function CodeSheet({ item, bureau, paper }: SheetProps) {
  return (
    <div className={`entcode-sheet entcode-sheet-${paper}`}>
      <div className="entcode-sheet-head">惠企通 · 企业码</div>
      <div className="entcode-sheet-name">{item.enterpriseName}</div>
      <QRCode className="entcode-sheet-qr" type="svg" value={item.url} size={paper === 'a4' ? 360 : 200} {...QR_LOOK} />
      <div className="entcode-sheet-code">{item.display}</div>
      <ol className="entcode-sheet-howto">
        {HOW_TO_USE.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
      {bureau && (
        <div className="entcode-sheet-bureau">
          {bureau.name}
          {bureau.phone && <> · 服务电话 {bureau.phone}</>}
        </div>
      )}
    </div>
  );
}

/** The card as the printer gets it: alone on the page (print CSS), the page of the chosen size. */
export function PrintSheet(props: SheetProps) {
  return createPortal(
    <div className="entcode-print" data-paper={props.paper}>
      <style>{`@page { size: ${PAPERS[props.paper].size}; margin: 6mm; }`}</style>
      <CodeSheet {...props} />
    </div>,
    document.body,
  );
}
