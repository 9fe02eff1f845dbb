/** A download the server refused (`status` is its HTTP status) or that never reached it (`status` 0). */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

export type DownloadOptions = {
  /** The name to save under when the answer's `Content-Disposition` names none. */
  fileName: string;
  /** What proves who is asking: the console sends its bearer token, the website its token or its cookie. */
  headers?: HeadersInit;
  credentials?: RequestCredentials;
  fetch?: typeof fetch;
};

const decoded = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
};

/**
 * The file name a `Content-Disposition` header gives (RFC 6266): `filename*` (UTF-8, percent-encoded) before the
 * plain `filename`, quoted or not. Any folder part is dropped, so a name can never point outside the downloads.
 */
export function fileNameFromDisposition(disposition: string | null | undefined): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition);
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(disposition);
  const name = (extended && decoded(extended[2].trim())) ?? plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base || undefined;
}

/** Hands the file to the browser's download under `fileName`. */
export function saveFile(file: Blob, fileName: string): void {
  const href = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the object URL after the click returns; freeing it at once could cut the download short.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/**
 * Fetches a file that needs the signed-in person's credentials (which a plain link cannot carry) and saves it
 * under the name the server gives. Answers that name; throws a DownloadError when the file could not be had.
 */
export async function downloadFile(url: string, { fileName, headers, credentials, fetch: fetchImpl = (...args) => fetch(...args) }: DownloadOptions): Promise<string> {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers, credentials });
  } catch {
    throw new DownloadError('The server could not be reached. Please check your connection and try again.', 0);
  }
  if (!response.ok) throw new DownloadError(`The file could not be downloaded (${response.status})`, response.status);
  const name = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fileName;
  saveFile(await response.blob(), name);
  return name;
}
