'use client';

// A QR code drawn in the browser (qrcode-generator, no network): an SVG of dark modules, so the
// otpauth:// secret never leaves the page.
import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

export function QrCode({ value, size = 192, label }: { value: string; size?: number; label: string }) {
  const { count, path } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(value);
    qr.make();
    const n = qr.getModuleCount();
    let d = '';
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + 4},${r + 4}h1v1h-1z`;
    return { count: n, path: d };
  }, [value]);
  const total = count + 8;
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${total} ${total}`} shapeRendering="crispEdges" className="rounded bg-white" data-testid="qr-code">
      <rect width={total} height={total} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
