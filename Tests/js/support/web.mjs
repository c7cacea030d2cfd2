// Loads the web app's modules in Node: registers the resolution hook (web-resolve.mjs) once per
// process where Node has `module.register` (20.6+, 18.19+); on an older Node the hook comes
// from `--experimental-loader`, which scripts/test-js passes there.

import * as nodeModule from "node:module";
import { WEB } from "./web-resolve.mjs";

if (typeof nodeModule.register === "function" && !globalThis.checklistsWebHook) {
  nodeModule.register("./web-resolve.mjs", import.meta.url);
  globalThis.checklistsWebHook = true;
}

/** The file URL of a web app module named as the app names it ("/data/outbox.js"). */
export const webURL = (path) => new URL(path.replace(/^\//, ""), WEB).href;

/** Imports a web app module named as the app names it ("/data/outbox.js"). */
export const importWeb = (path) => import(webURL(path));
