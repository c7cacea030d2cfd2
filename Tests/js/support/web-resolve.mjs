// A module-resolution hook for the tests: the web app's modules import each other by absolute
// paths ("/api.js", "/data/store.js"), which the server maps to Sources/ChecklistsWeb/Web/.
// Node would read them from the root of the file system; this maps them as the server does.
// Only imports made by the web app's own files are mapped, so a test's absolute path stays one.

export const WEB = new URL("../../../Sources/ChecklistsWeb/Web/", import.meta.url);

export async function resolve(specifier, context, nextResolve) {
  if (specifier.startsWith("/") && !specifier.startsWith("//") && context.parentURL?.startsWith(WEB.href)) {
    return { url: new URL(specifier.slice(1), WEB).href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
