import { useEffect, useState } from 'react';
import { fetchBlob } from './fetch-blob';

export type AuthorizedImage = { state: 'loading' } | { state: 'error' } | { state: 'ready'; src: string };

/**
 * A photo behind the API's auth: fetched as a blob with the session's headers and shown through an object
 * URL, which is revoked when the image changes or the component unmounts.
 */
export function useAuthorizedImage(url: string | null): AuthorizedImage {
  const [image, setImage] = useState<AuthorizedImage>({ state: 'loading' });
  useEffect(() => {
    if (!url) {
      setImage({ state: 'error' });
      return;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setImage({ state: 'loading' });
    fetchBlob(url, { signal: controller.signal })
      .then(({ blob }) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setImage({ state: 'ready', src: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setImage({ state: 'error' });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return image;
}
