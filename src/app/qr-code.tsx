import { correction, generate } from 'lean-qr/nano';
import { useMemo } from 'react';

/**
 * A QR code of `text` as SVG, drawn from lean-qr's matrix (its nano build: what a URL needs) (no canvas, no markup from a string):
 * dark modules as one path, with the four-module quiet zone scanners need, at error correction M
 * or better. In a chunk of its own, loaded when the creator asks for it.
 */
export default function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const code = generate(text, { minCorrectionLevel: correction.M });
    let d = '';
    for (let y = 0; y < code.size; y += 1) {
      for (let x = 0; x < code.size; x += 1) {
        if (code.get(x, y)) d += `M${String(x + 4)} ${String(y + 4)}h1v1h-1z`;
      }
    }
    return { size: code.size + 8, path: d };
  }, [text]);
  return (
    <svg className="qr-code" role="img" aria-label={label} viewBox={`0 0 ${String(size)} ${String(size)}`} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
