import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code of `text` as SVG, drawn from the qrcode library's matrix (no canvas, no markup from a
 * string): dark modules as one path, with the four-module quiet zone scanners need. In a chunk of
 * its own, loaded when the creator asks for it.
 */
export default function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) d += `M${String(column + 4)} ${String(row + 4)}h1v1h-1z`;
      }
    }
    return { size: modules.size + 8, path: d };
  }, [text]);
  return (
    <svg className="qr-code" role="img" aria-label={label} viewBox={`0 0 ${String(size)} ${String(size)}`} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
