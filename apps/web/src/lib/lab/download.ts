/** A download that failed (an HTTP error or a broken connection), as opposed to a machine that failed. */
export class DownloadError extends Error {}

/** A file's bytes, reporting the bytes received so far after each chunk, for a progress bar. */
export async function download(url: string, onProgress: (loadedBytes: number) => void): Promise<ArrayBuffer> {
  try {
    const response = await fetch(url);
    if (!response.ok || !response.body) throw new DownloadError(`${url}: HTTP ${response.status}`);
    const chunks: Uint8Array[] = [];
    let loaded = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      onProgress(loaded);
    }
    return await new Blob(chunks as BlobPart[]).arrayBuffer();
  } catch (error) {
    throw error instanceof DownloadError ? error : new DownloadError(String(error));
  }
}
