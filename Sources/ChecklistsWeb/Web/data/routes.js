// The JSON API's operations, by their OpenAPI operationId, as the server's route table declares
// them: `"updateItem": ["PATCH", "/items/{id}"]` (paths below /api/v1, as api.js sends them).
// The server writes the table into the line below as it serves this file (StaticFiles,
// RouteTable.clientOperations), so no request path is written by hand in the app; the unit
// tests put in Tests/js/fixtures/operations.json, which a Swift test keeps the same.

export const OPERATIONS = {};

const enc = encodeURIComponent;

/**
 * The method and path of an operation with its path parameters filled in:
 * `route("updateEntry", {listID, itemID})` → ["PATCH", "/shopping-lists/L/entries/I"].
 * A query (`{query: {q, limit}}`) is added after a "?". Throws for an operation the server
 * does not have or a parameter left out: a mistake in the app, never the user's.
 */
export function route(operationId, params = {}) {
  const operation = OPERATIONS[operationId];
  if (!operation) throw new Error(`The server has no operation ${operationId}.`);
  const [method, template] = operation;
  const path = template.replace(/\{(\w+)\}/g, (_, name) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${operationId} needs its ${name}.`);
    return enc(value);
  });
  const query = params.query
    ? Object.entries(params.query).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => `${enc(k)}=${enc(v)}`).join("&")
    : "";
  return [method, query ? `${path}?${query}` : path];
}

/** The path alone (for a GET whose method is known): `pathOf("getItem", {id})`. */
export const pathOf = (operationId, params) => route(operationId, params)[1];
