// Saving a code's QR as a file: the PNG from a canvas QR (rendered at the print size off-screen), the
// SVG from an svg QR. Both are what antd's QRCode drew, so they encode exactly the page's address.

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its bytes once the click is handled; the address is then no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function savePng(holder: HTMLElement | null, name: string) {
  const canvas = holder?.querySelector('canvas');
  canvas?.toBlob((blob) => {
    if (blob) save(blob, name);
  }, 'image/png');
}

export function saveSvg(holder: HTMLElement | null, name: string) {
  const svg = holder?.querySelector('svg');
  if (!svg) return;
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  save(new Blob([new XMLSerializer().serializeToString(copy)], { type: 'image/svg+xml' }), name);
}
