// The compact form of a socket's states (the server's patches.py): after the first state,
// each arrives as a patch of the one before, which ``applyPatch`` turns into the state the
// server would have sent whole. Unchanged parts are shared with the state before.

const REPLACE = 0;
const OBJECT = 1;
const LIST = 2;
const TEXT = 3;

/** The value ``patch`` makes of ``old`` (a null patch: unchanged). */
export function applyPatch(old, patch) {
  if (patch === null) return old;
  const [kind] = patch;
  if (kind === OBJECT) {
    const [, changed, deleted] = patch;
    const value = { ...old };
    for (const key of deleted) delete value[key];
    for (const [key, change] of Object.entries(changed)) value[key] = applyPatch(old[key], change);
    return value;
  }
  if (kind === LIST) return [...old.slice(0, patch[1]), ...patch[2]];
  if (kind === TEXT) {
    const pieces = old.split("<");
    const rebuilt = [];
    for (const op of patch[1]) {
      if (typeof op === "string") rebuilt.push(...op.split("<"));
      else rebuilt.push(...pieces.slice(op[0], op[0] + op[1]));
    }
    return rebuilt.join("<");
  }
  if (kind === REPLACE) return patch[1];
  throw new Error(`unknown patch ${kind}`);
}
