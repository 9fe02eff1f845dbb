import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';

/** The part of the browser's Barcode Detection API the door uses (Chrome on Android has it; not every browser does). */
type BarcodeDetectorLike = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

const barcodeDetector = (): BarcodeDetectorClass | undefined => (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

/** How often the camera's picture is looked at for a code: often enough to feel instant, rarely enough for an old phone. */
const LOOK_EVERY_MS = 250;

type Props = { onScan: (text: string) => void; onError: (message: string) => void; disabled?: boolean };

/**
 * Reads a ticket's QR code with the phone's back camera and hands over its text as it is. Shown only where the
 * browser can read QR codes; everywhere else the reference is typed.
 */
export const ScanTicket = ({ onScan, onError, disabled }: Props) => {
  const [scanning, setScanning] = useState(false);
  const Detector = barcodeDetector();
  if (!Detector) return null;
  return (
    <>
      <Button variant="outlined" size="large" startIcon={<QrCodeScannerIcon />} onClick={() => setScanning(true)} disabled={disabled} sx={{ minHeight: 48 }}>
        Scan ticket
      </Button>
      {scanning && (
        <Scanner
          Detector={Detector}
          onClose={() => setScanning(false)}
          onScan={(text) => {
            setScanning(false);
            onScan(text);
          }}
          onError={(message) => {
            setScanning(false);
            onError(message);
          }}
        />
      )}
    </>
  );
};

type ScannerProps = { Detector: BarcodeDetectorClass; onScan: (text: string) => void; onError: (message: string) => void; onClose: () => void };

/** The camera's picture in a dialog until a code is read or the volunteer stops; the camera is let go either way. */
const Scanner = ({ Detector, onScan, onError, onClose }: ScannerProps) => {
  const video = useRef<HTMLVideoElement>(null);
  const id = useId();
  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });
    const look = async () => {
      if (stopped || !video.current) return;
      const [code] = await detector.detect(video.current).catch(() => []);
      if (stopped) return;
      if (code?.rawValue) onScan(code.rawValue);
      else timer = setTimeout(() => void look(), LOOK_EVERY_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (camera) => {
        stream = camera;
        if (stopped || !video.current) return;
        video.current.srcObject = camera;
        await video.current.play();
        void look();
      })
      .catch((error: Error) => {
        if (!stopped) onError(`The camera could not be used (${error.message}). Type the reference instead.`);
      });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    // One camera session per opening of the dialog.
  }, []);
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth>
      <DialogTitle id={`${id}-title`}>Scan ticket</DialogTitle>
      <DialogContent>
        <DialogContentText>Hold the QR code on the ticket in front of the camera.</DialogContentText>
        <video ref={video} muted playsInline style={{ width: '100%', marginTop: 8, borderRadius: 4, background: '#000' }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} size="large" autoFocus>
          Stop scanning
        </Button>
      </DialogActions>
    </Dialog>
  );
};
