import { useEffect, useState } from 'react';
import { getDeviceFile, type DeviceFile } from './device-files';

/** What this device keeps of a file: undefined while it is read, null when it is not here at all. */
export type KeptOnDevice = DeviceFile | null | undefined;

/** The kept file with these bytes, read again whenever `readAgain` changes (its upload ended). */
export function useDeviceFile(sha256: string, readAgain: unknown): KeptOnDevice {
  const [kept, setKept] = useState<{ sha256: string; file: DeviceFile | null } | undefined>(undefined);
  useEffect(() => {
    let current = true;
    getDeviceFile(sha256).then(
      (file) => {
        if (!current) return;
        // Read again, the same bytes come as a new Blob: the one already shown is kept, so a
        // photo's thumbnail is not made again (and blank meanwhile) at each step of its upload.
        setKept((before) => {
          const shown = before?.sha256 === sha256 ? before.file?.blob : undefined;
          return { sha256, file: file && file.blob && shown ? { ...file, blob: shown } : (file ?? null) };
        });
      },
      () => {
        // A database that cannot be read: shown as not on this device rather than as loading forever.
        if (current) setKept({ sha256, file: null });
      },
    );
    return () => {
      current = false;
    };
  }, [sha256, readAgain]);
  return kept?.sha256 === sha256 ? kept.file : undefined;
}
