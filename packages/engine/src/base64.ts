/** The platform's own decoder: Buffer in Node, atob in browsers, workers, Deno and Bun. */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  if (typeof Buffer === 'function') return new Uint8Array(Buffer.from(text, 'base64'));
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}
