/**
 * Where a browser can show an image reference: http(s) URLs as they are; file URLs (images the
 * upload domain archived on the server's disk) have no browser address, so they are only named.
 */
export function browsableImageUrl(url: string | undefined): string | undefined {
  return url !== undefined && /^https?:\/\//.test(url) ? url : undefined;
}
