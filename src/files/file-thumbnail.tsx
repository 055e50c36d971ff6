import { useCallback } from 'react';

/**
 * A small picture of a kept photo, from its bytes on this device. The object URL lives exactly
 * as long as the image element (a ref with a cleanup), so a removed photo or an unmounted step
 * leaves no URL holding its bytes in memory, in React's strict mode too.
 */
export function FileThumbnail({ blob }: { blob: Blob }) {
  const attach = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) return undefined;
      const url = URL.createObjectURL(blob);
      image.src = url;
      return () => {
        URL.revokeObjectURL(url);
      };
    },
    [blob],
  );
  return <img className="file-item__thumbnail" ref={attach} alt="" width={56} height={56} decoding="async" />;
}
