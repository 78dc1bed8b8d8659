import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/utils/hydrated";
import { scannedTicketCode } from "~/events/utils/ticket-scan";

// "Scan with camera" on the check-in page: only where the browser has BarcodeDetector (feature
// detected after hydration, so without JavaScript or without it there is no button and typing
// the code stays the way). The camera reads the ticket's QR code, the code goes into the form's
// field and the form is sent, as if typed.

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

function detectorClass(): BarcodeDetectorClass | null {
  const found = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return typeof found === "function" && Boolean(navigator.mediaDevices?.getUserMedia) ? found : null;
}

export function CameraScan({ inputId }: { inputId: string }) {
  const available = useHydrated() && detectorClass() !== null;
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!scanning) return;
    const Detector = detectorClass();
    if (!Detector) return;
    const detector = new Detector({ formats: ["qr_code"] });
    let stream: MediaStream | null = null;
    let frame = 0;
    let stopped = false;
    const stop = () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
    };
    const look = async () => {
      if (stopped || !video.current) return;
      const codes = await detector.detect(video.current).catch(() => []);
      const code = codes.map((c) => scannedTicketCode(c.rawValue)).find((c) => c !== null);
      if (code) {
        stop();
        setScanning(false);
        const input = document.getElementById(inputId) as HTMLInputElement | null;
        if (input) {
          input.value = code;
          input.form?.requestSubmit();
        }
        return;
      }
      frame = requestAnimationFrame(() => void look());
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return stop();
        video.current.srcObject = media;
        await video.current.play();
        void look();
      })
      .catch(() => {
        setProblem("The camera could not be opened. Type the code instead.");
        setScanning(false);
      });
    return stop;
  }, [scanning, inputId]);

  if (!available) return null;
  return (
    <div className="space-y-3">
      <button
        type="button"
        className="btn-secondary w-full sm:w-auto"
        aria-pressed={scanning}
        onClick={() => {
          setProblem(null);
          setScanning((on) => !on);
        }}
      >
        {scanning ? "Stop the camera" : "Scan with camera"}
      </button>
      {scanning ? (
        <video ref={video} muted playsInline className="w-full max-w-sm rounded-lg" aria-label="Camera view" />
      ) : null}
      {problem ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
