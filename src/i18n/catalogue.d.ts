/** A language's merged catalogue, made at build time (vite.config.ts `catalogues`). */
declare module 'virtual:kessai-catalogue/*' {
  const dict: import('./define').Dict;
  export default dict;
}
