import { Camera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { SECONDARY } from './ui';

/*
 * The camera as a tag reader on the scanning screens (Check-in, Today's scan to send). Where the
 * browser reads barcodes itself (BarcodeDetector: Chrome on Android) it does; elsewhere (iPhones,
 * Firefox, desktop Chrome on Linux) ZXing's WebAssembly reader (zxing-wasm) reads the frames,
 * loaded only when the camera is first opened, its WebAssembly served with the app's own assets.
 * Code 128 (the printed tags) and QR.
 */

/** Reads one frame of the video: the code it shows, if any. */
type ReadFrame = (video: HTMLVideoElement) => Promise<string | undefined>;

interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type NativeDetectorClass = new (options?: { formats?: string[] }) => NativeDetector;

let zxing: Promise<ReadFrame> | undefined;

/** ZXing's reader, loaded once, reading a frame drawn onto a canvas. */
function zxingReader(): Promise<ReadFrame> {
  if (zxing) return zxing;
  zxing = Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]).then(([{ prepareZXingModule, readBarcodes }, { default: wasmUrl }]) => {
    prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) =>
          path.endsWith('.wasm') ? wasmUrl : prefix + path,
      },
    });
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    return async (video: HTMLVideoElement) => {
      if (!context || video.videoWidth === 0) return undefined;
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      context.drawImage(video, 0, 0);
      const frame = context.getImageData(0, 0, canvas.width, canvas.height);
      const [found] = await readBarcodes(frame, {
        formats: ['Code128', 'QRCode'],
        maxNumberOfSymbols: 1,
      });
      return found?.text || undefined;
    };
  });
  // A load that failed (the connection dropped) is tried again the next time the camera opens.
  zxing.catch(() => {
    zxing = undefined;
  });
  return zxing;
}

/** The best reader this browser has. */
async function frameReader(): Promise<ReadFrame> {
  const Native = (window as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['code_128', 'qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue || undefined;
  }
  return zxingReader();
}

const hasCamera = () =>
  typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

/**
 * 'Scan with camera': opens the back camera and reads frames until one shows a tag, then hands
 * its code to `onCode` and closes. Offered wherever the browser can open a camera.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const video = useRef<HTMLVideoElement>(null);
  // The latest handler, so that a screen drawn again does not restart the camera.
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  }, [onCode]);
  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | undefined;
    let stopped = false;
    const start = async () => {
      const read = await frameReader();
      // 720p where the camera has it: a long Code 128 needs about two pixels a bar.
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
      });
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play();
      const look = async () => {
        if (stopped || !video.current) return;
        try {
          const code = await read(video.current);
          if (code && !stopped) {
            setOpen(false);
            handler.current(code);
            return;
          }
        } catch {
          // A frame not ready yet: look again.
        }
        window.setTimeout(() => void look(), 200);
      };
      void look();
    };
    start().catch(() => {
      if (stopped) return;
      setError('The camera could not be opened: type the code instead.');
      setOpen(false);
    });
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [open]);
  if (!hasCamera()) return null;
  return (
    <div className="mt-3">
      <button
        type="button"
        className={SECONDARY}
        onClick={() => {
          setError(undefined);
          setOpen((was) => !was);
        }}
      >
        <Camera size={16} aria-hidden />
        {open ? 'Stop camera' : 'Scan with camera'}
      </button>
      {open && (
        <video
          ref={video}
          aria-label="Camera: hold a tag in view"
          className="mt-3 w-full rounded-lg bg-black"
          muted
          playsInline
        />
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
