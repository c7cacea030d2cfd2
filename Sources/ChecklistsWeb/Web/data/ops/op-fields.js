// The fields an edit sends, checked as the server checks them (a 422 the app can know is
// thrown here, with the server's wording, before anything is queued).

import { LIMITS, validated, validatedNotes } from "/data/ops-apply.js";

export const listName = (name) => validated(name, ...LIMITS.listName);
export const itemText = (text) => validated(text, ...LIMITS.itemText);

/** An item's fields other than its text, as PATCH/POST send them. */
export function pickItemFields(fields) {
  const body = {};
  if (fields.checked !== undefined) body.checked = !!fields.checked;
  if (fields.dueDate !== undefined) body.dueDate = fields.dueDate;
  if (fields.remind !== undefined) body.remind = !!fields.remind;
  if (fields.notes !== undefined) body.notes = validatedNotes(fields.notes);
  if (fields.flagged !== undefined) body.flagged = !!fields.flagged;
  if (fields.priority !== undefined) body.priority = fields.priority ?? "none";
  if (fields.parentID !== undefined) body.parentID = fields.parentID ?? null;
  if (fields.repeat !== undefined) body.repeat = fields.repeat || null;
  return body;
}

/** A catalogue item's fields; a create leaves out the empty ones. */
export function catalogueFields(fields, { create }) {
  const body = {};
  if (create || fields.name !== undefined) body.name = validated(fields.name, ...LIMITS.catalogueName);
  for (const key of ["price", "unit", "category"]) {
    if (fields[key] !== undefined && (!create || (fields[key] !== null && fields[key] !== ""))) body[key] = fields[key];
  }
  return body;
}
