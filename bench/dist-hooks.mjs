// Module hooks for the worker threads of bench/cwnb.bench.ts (c): an import that resolves to a
// TypeScript file of src/ loads its compiled twin in dist/ instead, so the random-play driver
// (test/support, TypeScript through tsx) plays on the rules as `wardroom` runs them.
let src = '';
let dist = '';

export function initialize({ root }) {
  src = new URL('src/', root).href;
  dist = new URL('dist/', root).href;
}

export async function resolve(specifier, context, nextResolve) {
  const r = await nextResolve(specifier, context);
  if (!r.url.startsWith(src) || !r.url.endsWith('.ts')) return r;
  return { url: `${dist}${r.url.slice(src.length, -3)}.js`, format: 'module', shortCircuit: true };
}
