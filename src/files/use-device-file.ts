import { useEffect, useState } from 'react';
import { getDeviceFile, type DeviceFile } from '../storage/device-files';

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
        // Read again, the same bytes come as new Blobs: the ones already shown are kept, so a
        // photo's thumbnail is not made again (and blank meanwhile) at each step of its upload.
        setKept((before) => {
          const shown = before?.sha256 === sha256 ? before.file : undefined;
          if (!file) return { sha256, file: null };
          return {
            sha256,
            file: {
              ...file,
              ...(file.blob && shown?.blob ? { blob: shown.blob } : {}),
              ...(file.thumbnail && shown?.thumbnail ? { thumbnail: shown.thumbnail } : {}),
            },
          };
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
