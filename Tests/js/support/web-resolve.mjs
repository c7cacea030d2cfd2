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

// The server writes its route table's operations into /data/routes.js as it serves it
// (StaticFiles); here the same table comes from fixtures/operations.json, which
// ClientOperationsTests keeps equal to the route table.
const ROUTES = new URL("data/routes.js", WEB).href;
const OPERATIONS = new URL("../fixtures/operations.json", import.meta.url);
const PLACEHOLDER = "export const OPERATIONS = {};";

export async function load(url, context, nextLoad) {
  if (url !== ROUTES) return nextLoad(url, context);
  const { readFile } = await import("node:fs/promises");
  const [source, table] = await Promise.all([readFile(new URL(url), "utf8"), readFile(OPERATIONS, "utf8")]);
  if (!source.includes(PLACEHOLDER)) throw new Error("data/routes.js lost its placeholder line");
  return { format: "module", source: source.replace(PLACEHOLDER, `export const OPERATIONS = ${table.trim()};`), shortCircuit: true };
}
