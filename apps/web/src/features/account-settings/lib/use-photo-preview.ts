import { useCallback, useEffect, useRef, useState } from 'react';

export interface PhotoPreview {
  file: File;
  url: string;
}

/**
 * The chosen file and an object URL to show it before upload. The URL is made when a file is chosen and
 * revoked when another is chosen, the choice is cleared or the component unmounts, so no blob outlives it.
 */
export function usePhotoPreview() {
  const [preview, setPreview] = useState<PhotoPreview | null>(null);
  const urlRef = useRef<string | null>(null);

  const choose = useCallback((file: File | null) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = file ? URL.createObjectURL(file) : null;
    setPreview(file && urlRef.current ? { file, url: urlRef.current } : null);
  }, []);

  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      urlRef.current = null;
    },
    [],
  );

  return { preview, choose };
}
